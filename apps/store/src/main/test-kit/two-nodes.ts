/**
 * @module A two-node cluster for tests: two stores on one PostgreSQL schema
 * (STORE_TEST_DATABASE_URL; tests skip without it, see NO_POSTGRES). In this process, two apps
 * on two connections ({@link openTwoApps}); or two real store processes sharing one DATA_DIR and
 * one database, as two servers behind a balancer would ({@link startTwoStoreProcesses}). Either
 * one's `close()` ends the nodes and drops the schema.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { PgDb } from "../../platform/db/postgres/pg-db.ts";
import { quoteName } from "../../platform/db/sql-db.ts";
import { type CreateAppOptions, createApp } from "../app.ts";
import { NO_POSTGRES, openSharedSchema, type SharedSchema } from "./shared-pg-schema.ts";
import { writeHomeTextsSite } from "./stand-in-site.ts";
import { type StoreProcess, startStoreProcess } from "./store-process.ts";
import { TEST_DATABASE_URL, testSchemaName } from "./test-db.ts";

export { NO_POSTGRES };

/** The OAuth client id of the cluster's nodes. */
export const CLUSTER_CLIENT_ID = "local";

/** The name of a describe block that needs the cluster, saying why it was skipped if it was. */
export function clusterTitle(title: string): string {
  return `${title}${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ""}`;
}

export type TwoApps = {
  nodes: [FastifyInstance, FastifyInstance];
  dbs: [PgDb, PgDb];
  shared: SharedSchema;
  close(): Promise<void>;
};

/** Two apps in this process, each on its own connection to one new schema. */
export function openTwoApps(options: Omit<CreateAppOptions, "db" | "config"> = {}): TwoApps {
  const shared = openSharedSchema(2);
  const dbs = shared.dbs as [PgDb, PgDb];
  const nodes = dbs.map((db) =>
    createApp({
      db,
      config: { clientId: CLUSTER_CLIENT_ID, signingKey: new Uint8Array(32).fill(9) },
      ...options,
    }),
  ) as [FastifyInstance, FastifyInstance];
  return {
    nodes,
    dbs,
    shared,
    async close() {
      for (const node of nodes) await node.close();
      shared.close();
    },
  };
}

export type TwoStoreProcesses = {
  /** The running nodes; `restart` replaces one. */
  nodes: [StoreProcess, StoreProcess];
  /** The schema both nodes work in. */
  schema: string;
  /** What both nodes were started with (DATABASE_URL, DATA_DIR, SITE_DIR, CLIENT_ID...). */
  env: Record<string, string>;
  /** The API key the node that created it printed at its start. */
  apiKey: string;
  /** Kills node `index` and starts it again on the same settings. */
  restart(index: 0 | 1): Promise<StoreProcess>;
  /** Kills both nodes, drops the schema and removes the nodes' folder. */
  close(): Promise<void>;
};

/** A PostgreSQL URL whose connections work in `schema`. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

/**
 * Two store processes on a new, empty schema (the nodes migrate and seed it), one DATA_DIR and a
 * stand-in site whose page shows the HomePage texts. `together`: both start at the same moment
 * (they race to migrate and seed); otherwise the second once the first listens.
 */
export type TwoStoreProcessesOptions = {
  /** More settings of both nodes. */
  env?: Record<string, string>;
  together?: boolean;
};

export async function startTwoStoreProcesses(
  options: TwoStoreProcessesOptions = {},
): Promise<TwoStoreProcesses> {
  const dir = mkdtempSync(join(tmpdir(), "store-two-nodes-"));
  const schema = testSchemaName();
  PgDb.open({ url: TEST_DATABASE_URL, schema }).close();
  const env = {
    DATABASE_URL: withSearchPath(TEST_DATABASE_URL, schema),
    DATA_DIR: join(dir, "data"),
    SITE_DIR: writeHomeTextsSite(join(dir, "site")),
    CLIENT_ID: CLUSTER_CLIENT_ID,
    ...options.env,
  };
  const nodes = (
    options.together
      ? await Promise.all([startStoreProcess(env), startStoreProcess(env)])
      : [await startStoreProcess(env), await startStoreProcess(env)]
  ) as [StoreProcess, StoreProcess];
  const created = nodes
    .map((node) => /created the API key[^\n]*\n(\S+)/.exec(node.output())?.[1])
    .filter((key) => key !== undefined);
  if (created.length !== 1) {
    throw new Error(`expected one node to create the API key, ${created.length} did`);
  }
  const cluster: TwoStoreProcesses = {
    nodes,
    schema,
    env,
    apiKey: created[0] as string,
    async restart(index) {
      await nodes[index].kill();
      nodes[index] = await startStoreProcess(env);
      return nodes[index];
    },
    async close() {
      await Promise.all(nodes.map((node) => node.kill()));
      const admin = PgDb.open({ url: TEST_DATABASE_URL });
      admin.query(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`);
      admin.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** The two processes of {@link useTwoStoreProcesses}, once started. */
export type TwoNodesInUse = {
  readonly a: StoreProcess;
  readonly b: StoreProcess;
  readonly apiKey: string;
  readonly cluster: TwoStoreProcesses;
};

/**
 * Registers hooks that start two store processes before the tests of the describe block it is
 * called in and close them after them (call it in a block skipped without PostgreSQL). `options`
 * may be a function, read when the hook runs (after the hooks registered before this call).
 */
export function useTwoStoreProcesses(
  options: TwoStoreProcessesOptions | (() => TwoStoreProcessesOptions) = {},
): TwoNodesInUse {
  let cluster: TwoStoreProcesses | undefined;
  beforeAll(async () => {
    cluster = await startTwoStoreProcesses(typeof options === "function" ? options() : options);
  }, 120_000);
  afterAll(() => cluster?.close());
  const started = () => {
    if (cluster === undefined) throw new Error("the two store processes have not started");
    return cluster;
  };
  return {
    get a() {
      return started().nodes[0];
    },
    get b() {
      return started().nodes[1];
    },
    get apiKey() {
      return started().apiKey;
    },
    get cluster() {
      return started();
    },
  };
}

export type NodeAnswer = { status: number; json: Record<string, unknown>; headers: Headers };

/** A JSON call to a node over HTTP (a body makes it JSON); the answer's body parsed. */
export async function callNode(
  base: string,
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<NodeAnswer> {
  const headers = options.headers ?? {};
  const response = await fetch(`${base}${path}`, {
    method,
    headers:
      options.body === undefined ? headers : { "content-type": "application/json", ...headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: (text === "" ? {} : JSON.parse(text)) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** A new visitor's access token from a node. */
export async function visitorTokenAt(base: string): Promise<string> {
  const answer = await callNode(base, "POST", "/oauth2/token", {
    body: { clientId: CLUSTER_CLIENT_ID, grantType: "anonymous" },
  });
  return answer.json.access_token as string;
}

/**
 * A member signed on at a node as a site's backend does it (a visitor token with the API key,
 * sign-on, then the authorized_client grant): the grant's answer. `sessionOfSignOn`: the tokens
 * continue the sign-on's session (with offline_access) instead of starting one of their own.
 */
export async function memberSignedOnAt(
  base: string,
  apiKey: string,
  email: string,
  { sessionOfSignOn = false }: { sessionOfSignOn?: boolean } = {},
): Promise<NodeAnswer> {
  const headers = { authorization: `${await visitorTokenAt(base)},${apiKey}` };
  const signOn = await callNode(base, "POST", "/_api/iam/authentication/v2/sign-on", {
    body: { loginId: { email }, verifyEmail: true },
    headers,
  });
  if (signOn.status !== 200) throw new Error(`sign-on answered ${signOn.status}`);
  return callNode(base, "POST", "/oauth2/token", {
    body: {
      grant_type: "authorized_client",
      member_id: (signOn.json.identity as { id: string }).id,
      ...(sessionOfSignOn
        ? { scope: "offline_access", session_token: signOn.json.sessionToken }
        : {}),
    },
    headers,
  });
}
