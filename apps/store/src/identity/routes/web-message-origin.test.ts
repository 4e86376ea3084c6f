/**
 * `web_message` target origin: the origin a code is posted to is checked again
 * against the allowed origins where the code is delivered, not only when the flow began.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterEach, expect, test } from "vitest";
import { createApp } from "../../main/app.ts";
import {
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
} from "../../main/test-kit/identity-kit.ts";
import { createRedirectSession } from "../../main/test-kit/member-signed-in.ts";
import { TEST_CLIENT_ID, TEST_KEY } from "../../main/test-kit/test-app.ts";

let k: MemberKit;
afterEach(() => k.close());

async function webMessageFlow(headers: Record<string, string>) {
  const { response } = await createRedirectSession(k, {
    responseMode: "web_message",
    redirectUri: null,
    headers,
  });
  return response;
}

function cookiesOf(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.map((line) => line.split(";")[0]).join("; ");
}

/** The member opens the flow's page and signs in on it; answers the page that delivers. */
async function signInThrough(app: FastifyInstance, fullUrl: string, host: string) {
  const url = new URL(fullUrl);
  const form = await app.inject({
    method: "GET",
    url: url.pathname + url.search,
    headers: { host },
  });
  const fields: Record<string, string> = {
    session: url.searchParams.get("session") ?? "",
    email: "ada@example.com",
    password: PASSWORD,
  };
  for (const [, name = "", value = ""] of form.body.matchAll(
    /type="hidden" name="([^"]+)" value="([^"]*)"/g,
  )) {
    if (name === "csrf") fields[name] = value;
  }
  return app.inject({
    method: "POST",
    url: "/members/sign-in",
    headers: {
      host,
      cookie: cookiesOf(form),
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

test("web_message: an origin allowed when the flow began but removed since receives no code", async () => {
  k = await createMemberKit({
    config: { publicUrl: ORIGIN, allowedRedirectUris: ["https://app.example/*"] },
  });
  await k.signUp("ada@example.com");
  const created = await webMessageFlow({ origin: "https://app.example" });
  expect(created.statusCode).toBe(200);
  // The owner takes app.example off ALLOWED_REDIRECT_URIS and restarts the store.
  const restarted = createApp({
    db: k.db,
    config: { clientId: TEST_CLIENT_ID, signingKey: TEST_KEY },
    now: () => k.clock.ms,
    identity: { mailer: k.smtp.mailer, config: { publicUrl: ORIGIN, allowedRedirectUris: [] } },
  });
  const page = await signInThrough(restarted, created.json().redirectSession.fullUrl, "store.test");
  expect(page.body).not.toContain("https://app.example");
  expect(page.body).not.toMatch(/data-code=/);
  await restarted.close();
});

test("web_message: a flow begun under a forged Host and Origin posts no code to the attacker", async () => {
  k = await createMemberKit({ config: { publicUrl: null } });
  await k.signUp("ada@example.com");
  const created = await webMessageFlow({ host: "evil.example", origin: "http://evil.example" });
  if (created.statusCode === 200) {
    const { fullUrl } = created.json().redirectSession as { fullUrl: string };
    const real = new URL(fullUrl);
    real.host = "localhost:8080";
    const page = await signInThrough(k.app, real.toString(), "localhost:8080");
    expect(page.body).not.toContain("evil.example");
  }
  expect(created.statusCode).not.toBe(200);
});
