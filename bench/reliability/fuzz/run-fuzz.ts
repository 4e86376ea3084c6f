/**
 * @module The HTTP fuzzer: fast-check generates hostile requests over every route; each goes to
 * the real store over a socket. Figures: 5xx answers (must be 0), content changes by requests
 * without credentials (must be 0, compared byte for byte), and whether the store still serves.
 */
import { Agent, request as httpRequest } from "node:http";
import fc from "fast-check";
import { createAccessStore } from "../../../apps/store/src/main/testing.ts";
import { forgedToken, memberToken, ownerSession, visitorToken } from "../lib/callers.ts";
import { type Engine, SQLITE } from "../lib/engine.ts";
import {
  createReliabilityStore,
  createStandInSite,
  dumpTables,
  REFERENCED_COLLECTION,
  type ReliabilityStore,
} from "../lib/reliability-store.ts";
import { ROUTE_ROWS } from "../lib/routes/route-table.ts";
import {
  FUZZ_ROWS,
  type FuzzCredentials,
  type FuzzRequest,
  fuzzRequestArbitrary,
} from "./request-arbitrary.ts";

export type FuzzOptions = { requests: number; seed: number; engine?: Engine };

export type FuzzFailure = {
  index: number;
  status: number | string;
  /** The request, its body cut to its first characters. */
  request: Omit<FuzzRequest, "body"> & { body?: string };
  problem: string;
};

/** Failures kept in full; the counts go on. */
const KEPT_FAILURES = 20;

function failure(index: number, status: number | string, request: FuzzRequest, problem: string) {
  const body = request.body?.toString("utf8").slice(0, 500);
  return { index, status, request: { ...request, body }, problem };
}

export type FuzzResult = {
  seed: number;
  requests: number;
  uncredentialed: number;
  serverErrors: number;
  contentChanges: number;
  /** Requests the socket dropped without an answer (413 bodies may close it early). */
  dropped: number;
  byStatus: Record<string, number>;
  aliveAfter: boolean;
  /** Answers to callers who may not read members-only items (no key, owner or member token). */
  visitorAnswers: number;
  /** Of those, answers holding a members-only value (must be 0). */
  membersOnlyLeaks: number;
  failures: FuzzFailure[];
};

/** The value only members may read: every item of the referenced collection holds it. */
export const MEMBERS_ONLY_MARK = "M3MBERS-only-value";

/**
 * The referenced collection becomes members-only and its items hold MEMBERS_ONLY_MARK, so
 * references from the public collection lead into what visitors must not read.
 */
function seedMembersOnly(store: ReliabilityStore): void {
  createAccessStore(store.db).setPermissions(REFERENCED_COLLECTION, {
    read: "member",
    insert: "admin",
    update: "admin",
    remove: "admin",
  });
  const setSecret =
    store.db.dialect === "postgres"
      ? "jsonb_set(data, '{secret}', to_jsonb(?::text))"
      : "json_set(data, '$.secret', ?)";
  store.db
    .prepare(`UPDATE items SET data = ${setSecret} WHERE collection_id = ?`)
    .run(MEMBERS_ONLY_MARK, REFERENCED_COLLECTION);
}

const CHUNK = 500;
const REQUEST_TIMEOUT_MS = 10_000;

type Answer = { status: number; body: Buffer } | { error: string };

function send(base: URL, agent: Agent, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve) => {
    let outgoing: ReturnType<typeof httpRequest>;
    try {
      outgoing = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.path,
          headers: {
            ...request.headers,
            ...(request.body === undefined
              ? {}
              : { "content-length": String(request.body.length) }),
          },
          agent,
          timeout: REQUEST_TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
          response.on("error", (error) => resolve({ error: error.message }));
        },
      );
    } catch (error) {
      resolve({ error: `not sendable: ${(error as Error).message}` });
      return;
    }
    outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
    outgoing.on("error", (error) => resolve({ error: error.message }));
    outgoing.end(request.body);
  });
}

async function credentialsOf(store: ReliabilityStore): Promise<FuzzCredentials> {
  const owner = await ownerSession(store);
  return {
    apiKey: store.apiKey,
    visitorToken: await visitorToken(store),
    memberToken: await memberToken(store),
    forgedToken: await forgedToken(),
    ownerCookie: owner.cookie,
    csrfToken: owner.csrfToken,
  };
}

async function isAlive(base: URL, token: string): Promise<boolean> {
  const page = await fetch(new URL("/", base));
  const query = await fetch(new URL("/wix-data/v2/items/query", base), {
    method: "POST",
    headers: { authorization: token, "content-type": "application/json" },
    body: JSON.stringify({ dataCollectionId: "Vault" }),
  });
  return page.status === 200 && query.status === 200;
}

const MAY_WRITE = new Map(FUZZ_ROWS.map((row) => [row.name, new Set(row.mayWrite ?? [])]));

/** Tables whose rows differ, leaving out those the request's row may write. */
function changedTables(before: Map<string, string>, after: Map<string, string>, row: string) {
  const allowed = MAY_WRITE.get(row) ?? new Set<string>();
  return [...after].filter(([table, rows]) => !allowed.has(table) && before.get(table) !== rows);
}

/** Sends `requests` generated requests from `seed` (on SQLite unless told); never throws for what the store answers. */
export async function runFuzz({ requests, seed, engine }: FuzzOptions): Promise<FuzzResult> {
  const store = await createReliabilityStore({
    engine: engine ?? SQLITE,
    permissions: { read: "anyone", insert: "admin", update: "admin", remove: "admin" },
    rows: ROUTE_ROWS,
    siteDir: createStandInSite(),
  });
  seedMembersOnly(store);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const credentials = await credentialsOf(store);
    const address = await store.app.listen({ port: 0, host: "127.0.0.1" });
    const base = new URL(address);
    const target = store.targets.get("get") ?? {
      collection: "Vault",
      id: "t0",
      referencedId: "r0",
      versionId: 0,
      clientId: "",
      waitingMemberId: "m0",
      madeCollection: "Made0",
      freeCollection: "New0",
      messageId: "c0",
    };
    const arbitrary = fuzzRequestArbitrary(credentials, target);
    const result: FuzzResult = {
      seed,
      requests: 0,
      uncredentialed: 0,
      serverErrors: 0,
      contentChanges: 0,
      dropped: 0,
      byStatus: {},
      aliveAfter: false,
      visitorAnswers: 0,
      membersOnlyLeaks: 0,
      failures: [],
    };
    let content = dumpTables(store.db);
    for (let start = 0; start < requests; start += CHUNK) {
      const batch = fc.sample(arbitrary, {
        numRuns: Math.min(CHUNK, requests - start),
        seed: seed + start,
      });
      for (const [offset, request] of batch.entries()) {
        const index = start + offset;
        const answer = await send(base, agent, request);
        result.requests++;
        const status = "status" in answer ? answer.status : "dropped";
        result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
        if ("error" in answer) result.dropped++;
        if (typeof status === "number" && status >= 500) {
          result.serverErrors++;
          const text = ("body" in answer ? answer.body : "").toString().slice(0, 300);
          if (result.failures.length < KEPT_FAILURES) {
            result.failures.push(failure(index, status, request, `5xx: ${text}`));
          }
        }
        const authorization = request.headers.authorization ?? "";
        if (!request.credentialed && !authorization.includes(credentials.memberToken)) {
          result.visitorAnswers++;
          if ("body" in answer && answer.body.includes(MEMBERS_ONLY_MARK)) {
            result.membersOnlyLeaks++;
            if (result.failures.length < KEPT_FAILURES) {
              result.failures.push(failure(index, status, request, "members-only value shown"));
            }
          }
        }
        const after = dumpTables(store.db);
        if (!request.credentialed) {
          result.uncredentialed++;
          const changed = changedTables(content, after, request.row);
          if (changed.length > 0) {
            result.contentChanges++;
            if (result.failures.length < KEPT_FAILURES) {
              const tables = changed.map(([table]) => table).join(", ");
              result.failures.push(
                failure(index, status, request, `changed without credentials: ${tables}`),
              );
            }
          }
        }
        content = after;
      }
    }
    result.aliveAfter = await isAlive(base, credentials.visitorToken);
    return result;
  } finally {
    agent.destroy();
    await store.app.close();
  }
}
