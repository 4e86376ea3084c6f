/** The client area's greeting reads only the member's own name, with a live member token. */
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const me = (authorization?: string) =>
  k.app.inject({
    method: "GET",
    url: "/members/api/me",
    headers: authorization === undefined ? {} : { authorization },
  });

test("a member reads their own first name and e-mail, never cached", async () => {
  const registered = await k.post("/_api/iam/authentication/v2/register", {
    loginId: { email: "ada@example.com" },
    password: PASSWORD,
    profile: { firstName: "Ada" },
  });
  if (registered.json().state === "REQUIRE_EMAIL_VERIFICATION") {
    await k.post("/_api/iam/verification/v1/auth/verify", {
      code: await k.mailedCode("ada@example.com"),
      stateToken: registered.json().stateToken,
    });
  }
  const { access_token } = await k.memberTokens("ada@example.com");
  const response = await me(access_token);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ email: "ada@example.com", firstName: "Ada" });
  expect(response.headers["cache-control"]).toBe("private, no-store");
});

test("a visitor's token or none learns nothing about any member", async () => {
  expect(codeOf(await me())).not.toBe(200);
  expect((await me()).statusCode).toBeGreaterThanOrEqual(400);
  const visitor = await me(await k.token());
  expect(visitor.statusCode).toBe(403);
  expect(visitor.body).not.toContain("@");
});

test("a token kept after the member is blocked no longer reads the name", async () => {
  const { token } = await k.signedInMember("bob@example.com");
  expect((await me(token)).statusCode).toBe(200);
  k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE email = ?").run("bob@example.com");
  const replay = await me(token);
  expect(replay.statusCode).toBeGreaterThanOrEqual(400);
  expect(replay.body).not.toContain("bob@example.com");
});
