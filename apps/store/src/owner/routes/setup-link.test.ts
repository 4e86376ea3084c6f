/**
 * The owner's first password, set through the link the store prints at start while none is set:
 * the link works once, expires, survives a refused password, and cannot replace a password.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  createOwnerKit,
  KIT_START_MS,
  type OwnerKit,
} from "../../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

type ErrorBody = { message: string; details: { applicationError?: { code: string } } };
const MINUTE = 60_000;

describe("setup link", () => {
  async function printedToken(): Promise<string> {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await kit.app.listen({ port: 0, host: "127.0.0.1" });
      const line = String(
        log.mock.calls.flat().find((text) => String(text).includes("/admin/setup")),
      );
      expect(line).toMatch(
        /^store: no owner password is set\. Choose one at http:\/\/127\.0\.0\.1:\d+\/admin\/setup\?token=/,
      );
      return /token=([\w-]+)/.exec(line)?.[1] ?? "";
    } finally {
      log.mockRestore();
    }
  }

  function setup(token: string, password = "my brand new password") {
    return kit.app.inject({
      method: "POST",
      url: "/admin/api/setup",
      payload: { token, password },
    });
  }

  test("the printed link sets the password and signs the owner in", async () => {
    kit = await createOwnerKit({ password: null });
    const response = await setup(await printedToken());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ signedIn: true });
    expect(String(response.headers["set-cookie"])).toMatch(/^owner_session=/);
    expect((await kit.signIn("my brand new password")).statusCode).toBe(200);
  });

  test("works only once", async () => {
    kit = await createOwnerKit({ password: null });
    const token = await printedToken();
    await setup(token);
    kit.db.prepare("DELETE FROM identities WHERE role = 'owner'").run();
    const again = await setup(token, "another new password");
    expect(again.statusCode).toBe(400);
    expect((again.json() as ErrorBody).details.applicationError?.code).toBe(
      "OWNER_SETUP_LINK_INVALID",
    );
  });

  test("expires", async () => {
    kit = await createOwnerKit({ password: null });
    const token = await printedToken();
    kit.clock.ms = KIT_START_MS + 60 * MINUTE;
    expect((await setup(token)).statusCode).toBe(400);
  });

  test("a too short password is refused without using up the link", async () => {
    kit = await createOwnerKit({ password: null });
    const token = await printedToken();
    const short = await setup(token, "short");
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: "password" }] } },
    });
    expect((await setup(token)).statusCode).toBe(200);
  });

  test("no link is printed once a password is set", async () => {
    kit = await createOwnerKit();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await kit.app.listen({ port: 0, host: "127.0.0.1" });
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  test("cannot replace a password that is already set", async () => {
    kit = await createOwnerKit();
    const response = await setup("any-token-at-all");
    expect(response.statusCode).toBe(409);
  });
});
