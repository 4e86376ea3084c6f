/**
 * Reset-link poisoning: nothing a request says about itself (Host, Origin,
 * X-Forwarded-*) becomes the origin of a mailed link, the reset page's "Continue" link, or the
 * "same origin" of a redirect check. Without PUBLIC_URL only a developer on this machine is trusted.
 */
import { afterEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { publicUrlWarning } from "../../platform/http/request-origin.ts";

const SEND = "/_api/iam/recovery/v1/send-email";
const FORGED = {
  host: "evil.example",
  origin: "http://evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "http",
};

let k: MemberKit;
afterEach(() => k.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Follows a mailed reset link on the real store and answers the page after the new password. */
async function resetThroughLink(link: URL, host: string) {
  const token = link.searchParams.get("token") ?? "";
  const form = await k.app.inject({
    method: "GET",
    url: link.pathname + link.search,
    headers: { host },
  });
  const formToken = /name="form_token" value="([^"]+)"/.exec(form.body)?.[1] ?? "";
  const page = await k.app.inject({
    method: "POST",
    url: "/members/reset-password",
    headers: {
      host,
      "content-type": "application/x-www-form-urlencoded",
      cookie: String(form.headers["set-cookie"]).split(";")[0] ?? "",
    },
    payload: new URLSearchParams({
      token,
      password: "a new password 1",
      form_token: formToken,
    }).toString(),
  });
  return page.body;
}

describe("reset-link poisoning", () => {
  test("a forged Host on send-email (no PUBLIC_URL) mails no evil link and the Continue link is not evil", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    await k.signUp("ada@example.com");
    const before = k.smtp.countTo("ada@example.com");
    const answers = await Promise.all([
      k.post(
        SEND,
        { email: "ada@example.com", redirect: { url: "http://evil.example/welcome" } },
        FORGED,
      ),
      k.post(SEND, { email: "ada@example.com" }, FORGED),
      k.app.inject({
        method: "POST",
        url: SEND,
        remoteAddress: "203.0.113.7",
        headers: { ...FORGED, "content-type": "application/json" },
        payload: JSON.stringify({ email: "ada@example.com" }),
      }),
    ]);
    await settle();
    const mails = k.smtp.received.filter((m) => m.to.includes("ada@example.com")).slice(before);
    for (const mail of mails) expect(mail.text).not.toContain("evil.example");
    for (const mail of mails) {
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
      expect(await resetThroughLink(link, "evil.example")).not.toContain("evil.example");
    }
    for (const answer of answers) expect(codeOf(answer)).toBe("PUBLIC_URL_REQUIRED");
  });

  test("a developer on this machine gets a loopback link; a forged X-Forwarded-Host is ignored", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    await k.signUp("ada@example.com");
    const before = k.smtp.countTo("ada@example.com");
    const refused = await k.post(
      SEND,
      { email: "ada@example.com", redirect: { url: "http://evil.example/welcome" } },
      { host: "localhost:8080", "x-forwarded-host": "evil.example", origin: "http://evil.example" },
    );
    expect(codeOf(refused)).toBe("REDIRECT_URI_NOT_ALLOWED");
    const sent = await k.post(
      SEND,
      { email: "ada@example.com", redirect: { url: "http://localhost:8080/welcome" } },
      { host: "localhost:8080", "x-forwarded-host": "evil.example" },
    );
    expect(sent.statusCode).toBe(200);
    const mail = await k.smtp.nextMail("ada@example.com", before);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
    expect(link.origin).toBe("http://localhost:8080");
    const page = await resetThroughLink(link, link.host);
    expect(page).toContain('href="http://localhost:8080/welcome"');
    expect(page).not.toContain("evil.example");
  });

  test("with PUBLIC_URL, a forged Host neither steers the link nor lets an evil redirect in", async () => {
    k = await createMemberKit({ config: { publicUrl: "https://members.example" } });
    await k.signUp("ada@example.com");
    const before = k.smtp.countTo("ada@example.com");
    const refused = await k.post(
      SEND,
      { email: "ada@example.com", redirect: { url: "http://evil.example/welcome" } },
      FORGED,
    );
    expect(codeOf(refused)).toBe("REDIRECT_URI_NOT_ALLOWED");
    await k.post(SEND, { email: "ada@example.com" }, FORGED);
    const mail = await k.smtp.nextMail("ada@example.com", before);
    expect(new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "").origin).toBe(
      "https://members.example",
    );
  });

  test("a forged Host gets no redirect session whose sign-in page is on the attacker's origin", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    const response = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { login: {} },
      { ...FORGED, authorization: await k.token() },
    );
    expect(response.body).not.toContain("evil.example");
    expect(codeOf(response)).toBe("PUBLIC_URL_REQUIRED");
  });

  test("the activation mail's link never takes a forged Host", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    const id = await k.signUp("ada@example.com");
    const before = k.smtp.countTo("ada@example.com");
    const response = await k.post(
      "/_api/iam/recovery/v1/activation-email",
      { identityId: id },
      { ...FORGED, authorization: k.apiKey },
    );
    await settle();
    expect(codeOf(response)).toBe("PUBLIC_URL_REQUIRED");
    expect(k.smtp.countTo("ada@example.com")).toBe(before);
  });
});

test("a store reachable from other machines without PUBLIC_URL warns at start; on loopback or with it, not", () => {
  expect(publicUrlWarning("0.0.0.0", null)).toMatch(/PUBLIC_URL is not set/);
  expect(publicUrlWarning("::", null)).toMatch(/PUBLIC_URL is not set/);
  expect(publicUrlWarning("127.0.0.1", null)).toBeNull();
  expect(publicUrlWarning("localhost", null)).toBeNull();
  expect(publicUrlWarning("[::1]", null)).toBeNull();
  expect(publicUrlWarning("0.0.0.0", "https://store.example")).toBeNull();
});
