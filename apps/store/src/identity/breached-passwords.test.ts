/**
 * Breached and common passwords, as the attack: a member choosing a password every
 * guessing list starts with, or one seen in breaches; and a range service that must learn no
 * more than 5 hex characters of the password's SHA-1.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../main/test-kit/identity-kit.ts";

const LISTED = "a breached but long passphrase";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex").toUpperCase();

let k: MemberKit | undefined;
let server: Server | undefined;
afterEach(async () => {
  await k?.close();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  k = undefined;
  server = undefined;
});

/** A local HIBP-compatible range service that records every request it gets. */
async function startRangeServer(answer: "list" | "fail" = "list") {
  const seen: { url: string; body: string }[] = [];
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ url: request.url ?? "", body });
      if (answer === "fail") {
        response.writeHead(503).end();
        return;
      }
      const prefix = sha1(LISTED).slice(0, 5);
      const lines = ["0018A45C4D1DEF81644B54AB7F969B88D65:1"];
      if (request.url === `/range/${prefix}`) lines.push(`${sha1(LISTED).slice(5)}:42`);
      response.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
    });
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, seen };
}

const register = (password: string) => {
  if (k === undefined) throw new Error("no store");
  return k.post("/_api/iam/authentication/v2/register", {
    loginId: { email: "ada@example.com" },
    password,
  });
};

describe("breached and common passwords", () => {
  test("a password from the bundled list is refused at sign-up, with no range service set", async () => {
    k = await createMemberKit();
    const refused = await register("password123");
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe("PASSWORD_TOO_COMMON");
    expect(codeOf(await register("PassWord123"))).toBe("PASSWORD_TOO_COMMON");
    expect((await register("quiet harbour lanterns")).statusCode).toBe(200);
  });

  test("a password the range service lists is refused, and only 5 hex characters leave", async () => {
    const range = await startRangeServer();
    k = await createMemberKit({ config: { breachedPasswordsUrl: range.url } });
    const refused = await register(LISTED);
    expect(codeOf(refused)).toBe("PASSWORD_BREACHED");
    expect(
      (refused.json() as { details: { applicationError: { data: unknown } } }).details
        .applicationError.data,
    ).toMatchObject({ reason: "breached", count: 42 });
    expect(range.seen).toEqual([{ url: `/range/${sha1(LISTED).slice(0, 5)}`, body: "" }]);
    expect(range.seen[0]?.url).toMatch(/^\/range\/[0-9A-F]{5}$/);

    const other = "an unlisted long passphrase";
    expect((await register(other)).statusCode).toBe(200);
    expect(range.seen.at(-1)?.url).toBe(`/range/${sha1(other).slice(0, 5)}`);
    expect(JSON.stringify(range.seen)).not.toContain(sha1(other).slice(5, 12));
  });

  test("a range service that fails lets the password through (fail open)", async () => {
    const range = await startRangeServer("fail");
    k = await createMemberKit({ config: { breachedPasswordsUrl: range.url } });
    expect((await register(LISTED)).statusCode).toBe(200);
    expect(range.seen).toHaveLength(1);
  });
});
