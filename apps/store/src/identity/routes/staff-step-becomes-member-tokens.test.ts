/**
 * A staff sign-in step turned into member tokens: the owner and collaborators sign in to the
 * editor only, so no path of the members' (the second-factor verify, its page, a redirect
 * session, the token grants, a refresh) gives a staff identity member tokens or a page session.
 */
import type { TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TTL } from "../../identity/identity-config.ts";
import { issueToken } from "../../identity/identity-context.ts";
import { signInOnPage } from "../../identity/page-sessions.ts";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser, refresh } from "../../main/test-kit/member-browser.ts";
import { silentCode } from "../../main/test-kit/member-signed-in.ts";
import {
  identityContext,
  RECOVERY_VERIFY,
  TOTP_VERIFY,
  turnTotpOn,
} from "../../main/test-kit/totp-member.ts";

const EVE = "eve@example.com";

let k: MemberKit;
let eveId: string;
let totp: TOTP;
let recovery: string[];

const makeCollaborator = (id: string) =>
  k.db.prepare("UPDATE identities SET role = 'editor' WHERE id = ?").run(id);

/** The collaborator's password step on the editor's sign-in: its state token. */
async function staffStep(): Promise<string> {
  const answer = await k.post("/admin/api/sign-in", { email: EVE, password: PASSWORD });
  expect(answer.json()).toMatchObject({ secondFactorRequired: true });
  return answer.json().stateToken as string;
}

const code = () => totp.generate({ timestamp: k.clock.ms });

beforeEach(async () => {
  k = await createMemberKit();
  eveId = await k.signUp(EVE);
  ({ totp, recovery } = await turnTotpOn(k, eveId, EVE));
  makeCollaborator(eveId);
});
afterEach(() => k.close());

describe("a staff step on the members' second-factor routes", () => {
  test("the members' TOTP verify refuses it, and the editor's step still finishes with the code", async () => {
    const stateToken = await staffStep();
    const answer = await k.post(TOTP_VERIFY, { stateToken, totpData: { code: code() } });
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe("IDENTITY_STATE_TOKEN_INVALID");
    expect(answer.body).not.toContain("sessionToken");
    const editor = await k.post("/admin/api/sign-in/code", { stateToken, code: code() });
    expect(editor.json()).toMatchObject({ signedIn: true, role: "editor" });
  });

  test("the members' recovery-code verify refuses it and leaves the code unused", async () => {
    const stateToken = await staffStep();
    const answer = await k.post(RECOVERY_VERIFY, {
      stateToken,
      recoveryCodeData: { code: recovery[0] },
    });
    expect(codeOf(answer)).toBe("IDENTITY_STATE_TOKEN_INVALID");
    const editor = await k.post("/admin/api/sign-in/code", { stateToken, code: recovery[0] });
    expect(editor.json()).toMatchObject({ signedIn: true });
  });

  test("the members' second-factor page refuses it and sets no member cookie", async () => {
    const stateToken = await staffStep();
    const browser = createMemberBrowser(k);
    await browser.get("/members/sign-in");
    const page = await browser.submit("/members/second-factor", { stateToken, code: code() });
    expect(String(page.headers["set-cookie"] ?? "")).not.toContain("member_session=");
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("This step is invalid, expired or already done");
  });
});

describe("a staff identity on the members' token paths", () => {
  test("a redirect session completed with a staff session token delivers no code", async () => {
    const sessionToken = issueToken(identityContext(k), "session", eveId, TTL.session);
    const { code: delivered } = await silentCode(k, { sessionToken });
    expect(delivered).toBe("");
  });

  test("the authorized_client grant gives the API key no tokens for a staff identity", async () => {
    const server = `${await k.token()},${k.apiKey}`;
    const byId = await k.post(
      "/oauth2/token",
      { grant_type: "authorized_client", member_id: eveId },
      { authorization: server },
    );
    expect(byId.statusCode).toBe(404);
    expect(byId.body).not.toContain("access_token");
    const sessionToken = issueToken(identityContext(k), "session", eveId, TTL.session);
    const withToken = await k.post(
      "/oauth2/token",
      { grant_type: "authorized_client", member_id: eveId, session_token: sessionToken },
      { authorization: server },
    );
    expect(withToken.statusCode).toBe(400);
    expect(withToken.body).not.toContain("access_token");
  });

  test("a page session of a staff identity gives the authorize page no code", async () => {
    const ctx = identityContext(k);
    const staff = ctx.store.byId(eveId);
    if (staff === null) throw new Error("no collaborator");
    const { cookie } = signInOnPage(ctx, null, staff, k.clock.ms, {});
    const { code: delivered } = await silentCode(k, {
      open: (path) =>
        k.app.inject({
          method: "GET",
          url: path,
          headers: { host: "store.test", cookie: `member_session=${cookie}` },
        }),
    });
    expect(delivered).toBe("");
  });

  test("a client made a collaborator cannot refresh the member tokens it held", async () => {
    k.db
      .prepare("UPDATE identities SET role = 'member', totp_secret = NULL WHERE id = ?")
      .run(eveId);
    const tokens = await k.memberTokens(EVE);
    expect((await refresh(k, tokens.refresh_token)).statusCode).toBe(200);
    makeCollaborator(eveId);
    const refused = await refresh(k, tokens.refresh_token);
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe("INVALID_GRANT");
  });
});
