/** Helpers for member tests: an app with a real SMTP server, and the calls of a member's flows. */
import type { LightMyRequestResponse } from "fastify";
import type { IdentityOptions } from "../../identity/identity-service.ts";
import { applyMemberAction, type MemberAction } from "../../identity/member-admin.ts";
import { createSessions } from "../../identity/sessions.ts";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { type MemberTokens, memberTokensByFlow, ORIGIN } from "./member-signed-in.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { startTestSmtp, type TestSmtp } from "./test-smtp.ts";

export { CALLBACK, ORIGIN, pkce } from "./member-signed-in.ts";

export const PASSWORD = "correct horse battery";

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
  memberTokens(email: string, password?: string): Promise<MemberTokens>;
  /** A new member, signed up and signed in: their identity id and access token. */
  signedInMember(email: string): Promise<{ id: string; token: string }>;
  /** How many redirect sessions (sign-in requests of an app) the store keeps. */
  redirectSessionCount(): number;
  /** What the owner's Members view does to a member (block, unblock, delete), at the kit's clock. */
  ownerActs(identityId: string, action: MemberAction): void;
  close(): Promise<void>;
};

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
    memberTokens(email, password = PASSWORD) {
      return memberTokensByFlow(kit, email, password);
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
