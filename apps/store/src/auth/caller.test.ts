import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { createAccessStore } from "../db/access-store.ts";
import { TEST_KEY } from "../test-helpers/test-app.ts";
import { openTestDb } from "../test-helpers/test-db.ts";
import { createApiKeys } from "./api-key.ts";
import { callerBeforeHooks, readCredentials, resolveCaller } from "./caller.ts";
import { SESSION_COOKIE } from "./cookies.ts";
import { createTokenService } from "./tokens.ts";

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
