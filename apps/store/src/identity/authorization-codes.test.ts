/**
 * Codes the store's pages never issue but a database can hold (rows of an older store, a member
 * whose status changed): the exchange refuses each with its `data.reason`.
 * The routine attacks go through the routes: routes/oauth-code-attacks.test.ts.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { CALLBACK, createMemberKit, type MemberKit, pkce } from "../main/test-kit/identity-kit.ts";
import { TEST_CLIENT_ID, TEST_KEY } from "../main/test-kit/test-app.ts";
import { thrownBy } from "../main/test-kit/thrown-by.ts";
import { ApiError } from "../platform/errors.ts";
import { exchangeAuthorizationCode, issueAuthorizationCode } from "./authorization-codes.ts";
import { TTL } from "./identity-config.ts";
import { type IdentityContext, issueToken } from "./identity-context.ts";
import { createIdentityContext } from "./identity-service.ts";

let k: MemberKit;
let ctx: IdentityContext;
beforeEach(async () => {
  k = await createMemberKit({ config: { requireApproval: true } });
  ctx = createIdentityContext(k.db, { key: TEST_KEY, now: () => k.clock.ms, log: k.app.log });
});
afterEach(() => k.close());

function pageSessionOf(identityId: string): string {
  return ctx.sessions.start({ identityId, channel: "page", authAt: k.clock.ms, client: {} });
}

/** Ada, approved by the owner: an active member. */
async function activeAda(): Promise<string> {
  const id = await k.signUp("ada@example.com");
  ctx.store.setStatus(id, "ACTIVE", [], k.clock.ms);
  return id;
}

function refusal(flow: { verifier: string }, code: string): unknown {
  return thrownBy(() =>
    exchangeAuthorizationCode(ctx, {
      code,
      clientId: TEST_CLIENT_ID,
      redirectUri: CALLBACK,
      codeVerifier: flow.verifier,
    }),
  );
}

function expectRefusedFor(error: unknown, reason: string) {
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: "AUTHORIZATION_CODE_INVALID", data: { reason } });
}

test("a code of a member still waiting for the owner's approval gives no tokens", async () => {
  const id = await k.signUp("ada@example.com");
  expect(ctx.store.byId(id)?.status).toBe("PENDING");
  const flow = pkce();
  const code = issueAuthorizationCode(ctx, {
    identityId: id,
    clientId: TEST_CLIENT_ID,
    redirectUri: CALLBACK,
    codeChallenge: flow.challenge,
    pageSession: pageSessionOf(id),
  });
  expectRefusedFor(refusal(flow, code), "member is not active");
});

test("a code stored without a PKCE challenge is refused whatever verifier comes (no downgrade)", async () => {
  const id = await activeAda();
  const flow = pkce();
  const code = issueToken(ctx, "auth_code", id, TTL.authCode, {
    clientId: TEST_CLIENT_ID,
    redirectUri: CALLBACK,
    pageSession: pageSessionOf(id),
  });
  expectRefusedFor(refusal(flow, code), "code verifier does not match the challenge");
});

test("a code stored before sessions existed starts no session under nothing", async () => {
  const id = await activeAda();
  const flow = pkce();
  const code = issueToken(ctx, "auth_code", id, TTL.authCode, {
    clientId: TEST_CLIENT_ID,
    redirectUri: CALLBACK,
    codeChallenge: flow.challenge,
  });
  expectRefusedFor(refusal(flow, code), "issued before sessions existed");
});

test("the same code, well formed, is exchanged once for the member and their page session", async () => {
  const id = await activeAda();
  const flow = pkce();
  const pageSession = pageSessionOf(id);
  const code = issueAuthorizationCode(ctx, {
    identityId: id,
    clientId: TEST_CLIENT_ID,
    redirectUri: CALLBACK,
    codeChallenge: flow.challenge,
    pageSession,
  });
  const input = {
    code,
    clientId: TEST_CLIENT_ID,
    redirectUri: CALLBACK,
    codeVerifier: flow.verifier,
  };
  expect(exchangeAuthorizationCode(ctx, input)).toEqual({ identityId: id, pageSession });
  expectRefusedFor(
    thrownBy(() => exchangeAuthorizationCode(ctx, input)),
    "unknown, used or expired",
  );
});
