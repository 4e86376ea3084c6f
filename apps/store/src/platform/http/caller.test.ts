import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { createApiKeys } from "../../data/access/api-key.ts";
import { createTokenService } from "../../identity/tokens.ts";
import { TEST_KEY } from "../../main/test-kit/test-app.ts";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { createAccessStore } from "../db/access-store.ts";
import { ApiError } from "../errors.ts";
import { SITE_OWNER_ID } from "../site-owner.ts";
import {
  callerBeforeHooks,
  callerOf,
  callerOfCredentials,
  readCredentials,
  resolveCaller,
} from "./caller.ts";
import { SESSION_COOKIE } from "./cookies.ts";

describe("readCredentials", () => {
  test.each<[string | undefined, string[]]>([
    [undefined, []],
    ["", []],
    ["   ", []],
    ["eyJ.a.b", ["eyJ.a.b"]],
    ["Bearer eyJ.a.b", ["eyJ.a.b"]],
    ["bearer   eyJ.a.b  ", ["eyJ.a.b"]],
    ["Bearer", ["Bearer"]],
    ["eyJ.a.b,IST.key", ["eyJ.a.b", "IST.key"]],
    ["Bearer eyJ.a.b , IST.key,", ["eyJ.a.b", "IST.key"]],
    [",", []],
  ])("%j holds %j", (header, expected) => {
    expect(readCredentials(header)).toEqual(expected);
  });
});

describe("the caller before Fastify's hooks (the visitor fast path)", () => {
  const db = openTestDb();
  const apiKeys = createApiKeys(createAccessStore(db));
  const apiKey = apiKeys.rotate();
  const deps = {
    tokens: createTokenService({ key: TEST_KEY, clientId: "c", now: Date.now }),
    apiKeys,
  };
  const raw = (headers: IncomingHttpHeaders) => ({ method: "POST", headers }) as IncomingMessage;

  test("is the routes' caller for a visitor token and for the API key", async () => {
    const { access_token } = await deps.tokens.issueAnonymous();
    for (const headers of [{ authorization: access_token }, { authorization: apiKey }]) {
      expect(callerBeforeHooks(raw(headers), deps)).toEqual(
        resolveCaller({ method: "POST", headers, owner: null }, deps),
      );
    }
  });

  test("is unknown while an owner's session cookie awaits its hook", async () => {
    const { access_token } = await deps.tokens.issueAnonymous();
    const headers = { authorization: access_token, cookie: `${SESSION_COOKIE}=abc` };
    expect(callerBeforeHooks(raw(headers), deps)).toBeNull();
  });

  test("is unknown for refused credentials, which Fastify then answers", () => {
    expect(callerBeforeHooks(raw({ authorization: "forged" }), deps)).toBeNull();
    expect(callerBeforeHooks(raw({}), deps)).toBeNull();
  });
});

describe("who calls, by the credentials", () => {
  const db = openTestDb();
  const apiKeys = createApiKeys(createAccessStore(db));
  const apiKey = apiKeys.rotate();
  const tokens = createTokenService({ key: TEST_KEY, clientId: "c", now: Date.now });
  const codeOf = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      return error instanceof ApiError ? error.code : String(error);
    }
    return "no error";
  };

  test("no credentials at all is UNAUTHENTICATED, not a bad token", () => {
    expect(codeOf(() => callerOfCredentials(undefined, { tokens, apiKeys }))).toBe(
      "UNAUTHENTICATED",
    );
    expect(codeOf(() => callerOfCredentials(" , ", { tokens, apiKeys }))).toBe("UNAUTHENTICATED");
  });

  test("a site's backend sending a visitor token and the API key together is the site's admin", async () => {
    const { access_token } = await tokens.issueAnonymous();
    expect(callerOfCredentials(`${access_token},${apiKey}`, { tokens, apiKeys })).toEqual({
      role: "admin",
      id: SITE_OWNER_ID,
    });
  });

  test("a member's token without a way to check its session is refused (an ended session must not pass)", async () => {
    const { access_token } = await tokens.issueMember("m1", { sid: "s1", generation: 0 });
    expect(codeOf(() => callerOfCredentials(access_token, { tokens, apiKeys }))).toBe(
      "TOKEN_INVALID",
    );
    const live = { tokens, apiKeys, isLiveMember: () => true };
    expect(callerOfCredentials(access_token, live)).toMatchObject({ role: "member", id: "m1" });
  });

  test("a route behind the caller hook without a caller answers UNAUTHENTICATED", () => {
    const request = { caller: null } as Parameters<typeof callerOf>[0];
    expect(codeOf(() => callerOf(request))).toBe("UNAUTHENTICATED");
  });

  test("an editor's session is an admin marked as the editor; the owner's is not marked", () => {
    const owner = (role: "owner" | "editor") =>
      ({
        session: {},
        csrfValid: true,
        role,
        email: "x@example.com",
      }) as unknown as Parameters<typeof resolveCaller>[0]["owner"];
    const request = (role: "owner" | "editor") => ({
      method: "POST",
      headers: {},
      owner: owner(role),
    });
    expect(resolveCaller(request("editor"), { tokens, apiKeys })).toEqual({
      role: "admin",
      id: SITE_OWNER_ID,
      editor: true,
    });
    expect(resolveCaller(request("owner"), { tokens, apiKeys })).toEqual({
      role: "admin",
      id: SITE_OWNER_ID,
    });
  });
});
