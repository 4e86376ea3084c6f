import { decodeJwt } from "jose";
import { afterEach, describe, expect, test } from "vitest";
import {
  createTestApp,
  START_MS,
  TEST_CLIENT_ID,
  type TestApp,
} from "../../main/test-kit/test-app.ts";
import { ACCESS_TOKEN_TTL_SECONDS } from "../tokens.ts";

let t: TestApp;
afterEach(() => t.app.close());

type TokenBody = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
};

function postToken(payload: Record<string, unknown> | string, contentType = "application/json") {
  return t.app.inject({
    method: "POST",
    url: "/oauth2/token",
    headers: { "content-type": contentType },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

function queryWith(token: string) {
  return t.app.inject({
    method: "POST",
    url: "/wix-data/v2/items/query",
    headers: { authorization: token },
    payload: { dataCollectionId: "HomePage" },
  });
}

describe("anonymous grant", () => {
  test("issues visitor tokens for camelCase JSON", async () => {
    t = createTestApp();
    const response = await postToken({ clientId: TEST_CLIENT_ID, grantType: "anonymous" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as TokenBody;
    expect(body).toMatchObject({ expires_in: 14400, token_type: "Bearer" });
    expect(decodeJwt(body.access_token)).toMatchObject({ role: "visitor", token_use: "access" });
    expect(decodeJwt(body.refresh_token)).toMatchObject({ role: "visitor", token_use: "refresh" });
  });

  test("accepts snake_case names", async () => {
    t = createTestApp();
    const response = await postToken({ client_id: TEST_CLIENT_ID, grant_type: "anonymous" });
    expect(response.statusCode).toBe(200);
  });

  test("accepts a form-encoded body", async () => {
    t = createTestApp();
    const response = await postToken(
      `client_id=${TEST_CLIENT_ID}&grant_type=anonymous`,
      "application/x-www-form-urlencoded",
    );
    expect(response.statusCode).toBe(200);
    expect((response.json() as TokenBody).access_token).toMatch(/^ey/);
  });

  test("expires_in matches the token's exp claim", async () => {
    t = createTestApp();
    const body = (
      await postToken({ clientId: TEST_CLIENT_ID, grantType: "anonymous" })
    ).json() as TokenBody;
    const claims = decodeJwt(body.access_token);
    expect(claims.exp).toBe(START_MS / 1000 + ACCESS_TOKEN_TTL_SECONDS);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(body.expires_in);
  });

  test("gives each visitor a distinct id", async () => {
    t = createTestApp();
    const first = (
      await postToken({ clientId: TEST_CLIENT_ID, grantType: "anonymous" })
    ).json() as TokenBody;
    const second = (
      await postToken({ clientId: TEST_CLIENT_ID, grantType: "anonymous" })
    ).json() as TokenBody;
    expect(decodeJwt(first.access_token).sub).not.toBe(decodeJwt(second.access_token).sub);
  });
});

describe("refresh_token grant", () => {
  test("issues a new access token for the same visitor", async () => {
    t = createTestApp();
    const first = (
      await postToken({ clientId: TEST_CLIENT_ID, grantType: "anonymous" })
    ).json() as TokenBody;
    t.clock.ms += 60_000;
    const response = await postToken({
      clientId: TEST_CLIENT_ID,
      grantType: "refresh_token",
      refreshToken: first.refresh_token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as TokenBody;
    expect(body.access_token).not.toBe(first.access_token);
    expect(decodeJwt(body.access_token).sub).toBe(decodeJwt(first.access_token).sub);
    expect((await queryWith(body.access_token)).statusCode).toBe(200);
  });

  test("rejects an access token used as refresh token with INVALID_GRANT", async () => {
    t = createTestApp();
    const first = (
      await postToken({ clientId: TEST_CLIENT_ID, grantType: "anonymous" })
    ).json() as TokenBody;
    const response = await postToken({
      client_id: TEST_CLIENT_ID,
      grant_type: "refresh_token",
      refresh_token: first.access_token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "INVALID_GRANT" } },
    });
  });

  test("rejects a missing refresh token with a field violation", async () => {
    t = createTestApp();
    const response = await postToken({ clientId: TEST_CLIENT_ID, grantType: "refresh_token" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [{ field: "refreshToken", violatedRule: "REQUIRED_FIELD" }],
        },
      },
    });
  });
});

describe("token endpoint errors", () => {
  test("rejects a wrong client id with 401 INVALID_CLIENT", async () => {
    t = createTestApp();
    const response = await postToken({ clientId: "someone-else", grantType: "anonymous" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      message: "Unknown OAuth client id [someone-else]",
      details: { applicationError: { code: "INVALID_CLIENT" } },
    });
  });

  test("rejects an unsupported grant with 400", async () => {
    t = createTestApp();
    const response = await postToken({ clientId: TEST_CLIENT_ID, grantType: "password" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "UNSUPPORTED_GRANT_TYPE" } },
    });
  });

  test("rejects a missing grant type with a field violation", async () => {
    t = createTestApp();
    const response = await postToken({ clientId: TEST_CLIENT_ID });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: "grantType" }] } },
    });
  });
});

describe("access tokens on data calls", () => {
  test("are accepted raw and with a Bearer prefix", async () => {
    t = createTestApp();
    const token = await t.token();
    expect((await queryWith(token)).statusCode).toBe(200);
    expect((await queryWith(`Bearer ${token}`)).statusCode).toBe(200);
  });

  test("are refused with 401 TOKEN_EXPIRED once expired", async () => {
    t = createTestApp();
    const token = await t.token();
    t.clock.ms += ACCESS_TOKEN_TTL_SECONDS * 1000 + 999;
    expect((await queryWith(token)).statusCode).toBe(200);
    t.clock.ms += 1;
    const response = await queryWith(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "TOKEN_EXPIRED" } },
    });
  });

  test("a refresh token is not accepted as an access token", async () => {
    t = createTestApp();
    const body = (
      await postToken({ clientId: TEST_CLIENT_ID, grantType: "anonymous" })
    ).json() as TokenBody;
    const response = await queryWith(body.refresh_token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "TOKEN_INVALID" } },
    });
  });

  test("a token signed with another key is refused", async () => {
    t = createTestApp();
    const token = await t.token();
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    expect((await queryWith(forged)).statusCode).toBe(401);
  });

  test("a missing Authorization header gives 401 UNAUTHENTICATED", async () => {
    t = createTestApp();
    const response = await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      payload: { dataCollectionId: "HomePage" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "UNAUTHENTICATED" } },
    });
  });
});
