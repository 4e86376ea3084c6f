/**
 * Link poisoning once the owner set the site's address in the browser: without PUBLIC_URL the
 * address in Site settings is the origin of mailed links, whatever Host or X-Forwarded-* a
 * request from elsewhere forges; PUBLIC_URL, when set, still wins (docs/security.md,
 * "Reset-link poisoning").
 */
import { afterEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";

const SEND = "/_api/iam/recovery/v1/send-email";
const FORGED = {
  host: "evil.example",
  origin: "http://evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "http",
  "content-type": "application/json",
};

let k: MemberKit;
afterEach(() => k.close());

/** A recovery mail asked for from another machine with a forged Host: its link's origin. */
async function mailedLinkOrigin(email: string): Promise<string> {
  const before = k.smtp.countTo(email);
  const answer = await k.app.inject({
    method: "POST",
    url: SEND,
    remoteAddress: "203.0.113.7",
    headers: FORGED,
    payload: JSON.stringify({ email }),
  });
  expect(answer.statusCode).toBe(200);
  const mail = await k.smtp.nextMail(email, before);
  expect(mail.text).not.toContain("evil.example");
  return new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "").origin;
}

describe("the site's address set in the browser", () => {
  test("a forged Host from elsewhere gets the Site settings address in the mailed link, not its own", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    k.insert("SiteSettings", [{ _id: "site", siteUrl: "https://alex.example/" }]);
    await k.signUp("ada@example.com");
    expect(await mailedLinkOrigin("ada@example.com")).toBe("https://alex.example");
  });

  test("PUBLIC_URL, when set, wins over the address in Site settings", async () => {
    k = await createMemberKit({ config: { publicUrl: "https://members.example" } });
    k.insert("SiteSettings", [{ _id: "site", siteUrl: "https://alex.example" }]);
    await k.signUp("ada@example.com");
    expect(await mailedLinkOrigin("ada@example.com")).toBe("https://members.example");
  });

  test("an address that is not http(s) is no origin: the request is still refused", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    k.insert("SiteSettings", [{ _id: "site", siteUrl: "javascript:alert(1)" }]);
    await k.signUp("ada@example.com");
    const answer = await k.app.inject({
      method: "POST",
      url: SEND,
      remoteAddress: "203.0.113.7",
      headers: FORGED,
      payload: JSON.stringify({ email: "ada@example.com" }),
    });
    expect(answer.statusCode).toBe(503);
  });
});
