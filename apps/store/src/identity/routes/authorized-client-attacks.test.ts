/**
 * The authorized_client grant (docs/protocol.md §6.2): the owner's server, holding the API key,
 * gets member tokens by member id. A blocked or unknown member gets none, a session token is never
 * ignored whichever naming style carries it, and the tokens live in a session that refreshes.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { refresh } from "../../main/test-kit/member-browser.ts";

let k: MemberKit;
let server: string;
beforeEach(async () => {
  k = await createMemberKit();
  server = `${await k.token()},${k.apiKey}`;
});
afterEach(() => k.close());

const grant = (body: Record<string, unknown>) =>
  k.post("/oauth2/token", body, { authorization: server });

const tokenSessions = () =>
  (k.db.prepare("SELECT id FROM sessions WHERE channel = 'token'").all() as unknown[]).length;

async function sessionToken(email: string): Promise<string> {
  const login = await k.post("/_api/iam/authentication/v2/login", {
    loginId: { email },
    password: PASSWORD,
  });
  return login.json().sessionToken as string;
}

test("the API key alone gets an active member's tokens, in a token session that refreshes", async () => {
  const id = await k.signUp("ada@example.com");
  const response = await grant({ grant_type: "authorized_client", member_id: id });
  expect(response.statusCode).toBe(200);
  expect(tokenSessions()).toBe(1);
  const refreshed = await refresh(k, response.json().refresh_token);
  expect(refreshed.statusCode).toBe(200);
});

test("the API key gets no tokens for a member the owner blocked", async () => {
  const id = await k.signUp("ada@example.com");
  k.ownerActs(id, "block");
  const response = await grant({ grant_type: "authorized_client", member_id: id });
  expect(response.statusCode).toBe(404);
  expect(codeOf(response)).toBe("IDENTITY_NOT_FOUND");
  expect(response.json().message).toBe(`Identity [${id}] does not exist`);
  expect(response.body).not.toContain("access_token");
  expect(tokenSessions()).toBe(0);
});

test("the API key gets no tokens for a member id that does not exist", async () => {
  const response = await grant({ grant_type: "authorized_client", member_id: "no-such-member" });
  expect(response.statusCode).toBe(404);
  expect(codeOf(response)).toBe("IDENTITY_NOT_FOUND");
  expect(tokenSessions()).toBe(0);
});

test("the SDK's camelCase memberId is read like member_id", async () => {
  const id = await k.signUp("ada@example.com");
  const response = await grant({ grantType: "authorized_client", memberId: id });
  expect(response.statusCode).toBe(200);
});

test("another member's session token sent as camelCase sessionToken is not ignored", async () => {
  const adaId = await k.signUp("ada@example.com");
  await k.signUp("bob@example.com");
  const response = await grant({
    grantType: "authorized_client",
    memberId: adaId,
    sessionToken: await sessionToken("bob@example.com"),
  });
  expect(response.statusCode).toBe(400);
  expect(codeOf(response)).toBe("IDENTITY_SESSION_TOKEN_INVALID");
  expect(tokenSessions()).toBe(0);
});

test("without a member id the grant names the missing field", async () => {
  const response = await grant({ grant_type: "authorized_client" });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    details: {
      validationError: {
        fieldViolations: [{ field: "member_id", violatedRule: "REQUIRED_FIELD" }],
      },
    },
  });
});
