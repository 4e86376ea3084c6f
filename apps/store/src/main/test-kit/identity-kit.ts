/** Helpers for member tests: an app with a real SMTP server, and the calls of a member's flows. */
import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import type { IdentityOptions } from "../../identity/identity-service.ts";
import { applyMemberAction, type MemberAction } from "../../identity/member-admin.ts";
import { createSessions } from "../../identity/sessions.ts";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { createTestApp, TEST_CLIENT_ID, type TestApp } from "./test-app.ts";
import { startTestSmtp, type TestSmtp } from "./test-smtp.ts";

export const PASSWORD = "correct horse battery";
export const ORIGIN = "http://store.test";
export const CALLBACK = `${ORIGIN}/callback`;

export type MemberKit = TestApp & {
  smtp: TestSmtp;
  post(
    url: string,
    payload: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Registers and verifies a member through the API; answers the identity id. */
  signUp(email: string, password?: string): Promise<string>;
  /** The 6-digit code in the newest verification mail to `email` after `after` earlier ones. */
  mailedCode(email: string, after?: number): Promise<string>;
  /** Member tokens through a redirect session completed with a login session token. */
  memberTokens(
    email: string,
    password?: string,
  ): Promise<{ access_token: string; refresh_token: string }>;
  /** A new member, signed up and signed in: their identity id and access token. */
  signedInMember(email: string): Promise<{ id: string; token: string }>;
  /** How many redirect sessions (sign-in requests of an app) the store keeps. */
  redirectSessionCount(): number;
  /** What the owner's Members view does to a member (block, unblock, delete), at the kit's clock. */
  ownerActs(identityId: string, action: MemberAction): void;
  close(): Promise<void>;
};

export function pkce(): { verifier: string; challenge: string; state: string } {
  const verifier = randomBytes(48).toString("base64url").slice(0, 64);
  return {
    verifier,
    challenge: createHash("sha256").update(verifier).digest("base64url"),
    state: randomBytes(32).toString("base64url"),
  };
}

export async function createMemberKit(
  identity: IdentityOptions = {},
  app: Omit<Parameters<typeof createTestApp>[0], "identity"> = {},
): Promise<MemberKit> {
  const smtp = await startTestSmtp();
  // Like a store in production: PUBLIC_URL names its origin (the tests' Host is store.test).
  const config = { publicUrl: ORIGIN, ...identity.config };
  const t = createTestApp({ ...app, identity: { mailer: smtp.mailer, ...identity, config } });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { host: "store.test", "content-type": "application/json", ...headers },
      payload: JSON.stringify(payload),
    });
  const mailedCode = async (email: string, after = 0) => {
    const mail = await smtp.nextMail(email, after);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code === undefined) throw new Error(`no code in ${mail.text}`);
    return code;
  };
  const kit: MemberKit = {
    ...t,
    smtp,
    post,
    mailedCode,
    redirectSessionCount() {
      const row = t.db
        .prepare("SELECT COUNT(*) AS n FROM identity_tokens WHERE kind = 'redirect'")
        .get() as { n: number };
      return Number(row.n);
    },
    ownerActs(identityId, action) {
      const store = createIdentityStore(t.db);
      const member = store.byId(identityId);
      if (member === null) throw new Error(`no member ${identityId}`);
      applyMemberAction(
        store,
        createSessions(t.db, () => t.clock.ms),
        member,
        action,
        t.clock.ms,
      );
    },
    async signUp(email, password = PASSWORD) {
      const before = smtp.countTo(email);
      const registered = (
        await post("/_api/iam/authentication/v2/register", { loginId: { email }, password })
      ).json() as { state: string; stateToken: string; identity: { id: string } };
      if (registered.state === "REQUIRE_EMAIL_VERIFICATION") {
        const code = await mailedCode(email, before);
        await post("/_api/iam/verification/v1/auth/verify", {
          code,
          stateToken: registered.stateToken,
        });
      }
      return registered.identity.id;
    },
    async memberTokens(email, password = PASSWORD) {
      const login = (
        await post("/_api/iam/authentication/v2/login", { loginId: { email }, password })
      ).json() as { sessionToken: string };
      const flow = pkce();
      const session = (
        await post(
          "/_api/redirects-api/v1/redirect-session",
          {
            auth: {
              authRequest: {
                clientId: TEST_CLIENT_ID,
                redirectUri: CALLBACK,
                codeChallenge: flow.challenge,
                codeChallengeMethod: "S256",
                responseMode: "query",
                responseType: "code",
                scope: "offline_access",
                state: flow.state,
                sessionToken: login.sessionToken,
              },
              prompt: "none",
            },
          },
          { authorization: await t.token() },
        )
      ).json() as { redirectSession: { fullUrl: string } };
      const page = await t.app.inject({
        method: "GET",
        url:
          new URL(session.redirectSession.fullUrl).pathname +
          new URL(session.redirectSession.fullUrl).search,
        headers: { host: "store.test" },
      });
      const code = new URL(String(page.headers.location)).searchParams.get("code");
      const tokens = await post("/oauth2/token", {
        clientId: TEST_CLIENT_ID,
        grantType: "authorization_code",
        redirectUri: CALLBACK,
        code,
        codeVerifier: flow.verifier,
      });
      return tokens.json() as { access_token: string; refresh_token: string };
    },
    async signedInMember(email) {
      const id = await this.signUp(email);
      return { id, token: (await this.memberTokens(email)).access_token };
    },
    async close() {
      await t.app.close();
      await smtp.close();
    },
  };
  return kit;
}
