/**
 * The security page on two store processes sharing one PostgreSQL database: a
 * member ends their other session on node A; node B, which has just seen that session live
 * (and may keep the answer), refuses it within 1 s (the sessions' notice, LISTEN
 * store_session_ended).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NO_POSTGRES } from "../main/test-kit/shared-pg-schema.ts";
import {
  type StoreProcess,
  startStoreProcess,
  writeFakeSite,
} from "../main/test-kit/store-process.ts";
import { TEST_DATABASE_URL, testSchemaName } from "../main/test-kit/test-db.ts";
import { PgDb } from "../platform/db/postgres/pg-db.ts";
import { quoteName } from "../platform/db/sql-db.ts";

const CLIENT_ID = "local";
const BUDGET_MS = 1000;
type Json = Record<string, unknown>;

let dir: string;
let schema: string;
let nodeA: StoreProcess;
let nodeB: StoreProcess;
let apiKey: string;

async function call(
  base: string,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text === "" ? {} : JSON.parse(text)) as Json };
}

async function visitorToken(base: string): Promise<string> {
  const answer = await call(
    base,
    "POST",
    "/oauth2/token",
    {},
    {
      clientId: CLIENT_ID,
      grantType: "anonymous",
    },
  );
  return answer.json.access_token as string;
}

/** A new session of the member on node A: its access token. */
async function signInOnA(email: string): Promise<string> {
  const auth = { authorization: `${await visitorToken(nodeA.url)},${apiKey}` };
  const signOn = await call(nodeA.url, "POST", "/_api/iam/authentication/v2/sign-on", auth, {
    loginId: { email },
    verifyEmail: true,
  });
  const tokens = await call(nodeA.url, "POST", "/oauth2/token", auth, {
    grant_type: "authorized_client",
    member_id: (signOn.json.identity as Json).id,
  });
  return tokens.json.access_token as string;
}

describe.skipIf(NO_POSTGRES !== null)(
  `the security page on two nodes${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ""}`,
  () => {
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "store-security-nodes-"));
      schema = testSchemaName();
      PgDb.open({ url: TEST_DATABASE_URL, schema }).close();
      const url = new URL(TEST_DATABASE_URL);
      url.searchParams.set("options", `-c search_path=${schema}`);
      const env = {
        DATABASE_URL: url.toString(),
        DATA_DIR: join(dir, "data"),
        SITE_DIR: writeFakeSite(join(dir, "site")),
        CLIENT_ID,
      };
      nodeA = await startStoreProcess(env);
      nodeB = await startStoreProcess(env);
      apiKey = /created the API key[^\n]*\n(\S+)/.exec(nodeA.output())?.[1] ?? "";
      expect(apiKey).not.toBe("");
    }, 120_000);

    afterAll(async () => {
      await Promise.all([nodeA?.kill(), nodeB?.kill()]);
      const admin = PgDb.open({ url: TEST_DATABASE_URL });
      admin.query(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`);
      admin.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test("a session ended on A's security page is refused on B within 1 s", async () => {
      const mine = await signInOnA("ada@example.com");
      const stolen = await signInOnA("ada@example.com");
      const readOnB = () =>
        call(
          nodeB.url,
          "POST",
          "/wix-data/v2/items/query",
          { authorization: stolen },
          {
            dataCollectionId: "ClientResources",
          },
        ).then((answer) => answer.status);
      expect(await readOnB()).toBe(200);

      const listed = await call(nodeA.url, "GET", "/_api/account/v1/sessions", {
        authorization: mine,
      });
      const sessions = listed.json.sessions as { id: string; current: boolean }[];
      expect(sessions).toHaveLength(2);
      const other = sessions.find((session) => !session.current);
      const ended = await call(nodeA.url, "POST", `/_api/account/v1/sessions/${other?.id}/end`, {
        authorization: mine,
      });
      expect(ended.status).toBe(200);
      const at = performance.now();
      let status = await readOnB();
      while (status === 200 && performance.now() - at < 5 * BUDGET_MS) status = await readOnB();
      const delay = performance.now() - at;
      console.log(`security page: a session ended on A refused on B after ${delay.toFixed(2)} ms`);
      expect(status).toBe(401);
      expect(delay).toBeLessThan(BUDGET_MS);
      const stillMine = await call(nodeB.url, "GET", "/_api/account/v1/sessions", {
        authorization: mine,
      });
      expect(stillMine.status).toBe(200);
    }, 30_000);
  },
);
