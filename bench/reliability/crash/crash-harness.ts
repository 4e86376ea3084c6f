/**
 * @module Crash durability: concurrent writers (single inserts, bulk inserts, the owner's editor
 * saves, members signing up and in) against the real store in a child process, killed with
 * SIGKILL at a random moment, restarted, again and again. After each kill: every acknowledged
 * write is present and whole (a member's identity with its password, each session token a
 * sign-up or sign-in answered), no bulk call is half there, the edited item is one whole version
 * no older than the last acknowledged save, and the database passes `PRAGMA integrity_check`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import {
  createAccessStore,
  createApiKeys,
  createItemsStore,
  createOwnerCredentials,
  type Db,
  openDb,
  openPgDb,
  SqliteDb,
} from "../../../apps/store/src/testing.ts";
import { type Engine, SQLITE } from "../lib/engine.ts";
import {
  addVault,
  COLLECTION,
  MEMBER_PASSWORD,
  OWNER_PASSWORD,
  ownerPasswordHash,
} from "../lib/reliability-store.ts";
import { EDITED, editedVersion, verifyRound } from "./crash-verify.ts";
import { seededRandom } from "./seeded-random.ts";

const CHILD = fileURLToPath(new URL("./store-child.ts", import.meta.url));
const START_TIMEOUT_MS = 60_000;
const SINGLE_WRITERS = 4;
const BULK_WRITERS = 2;
const BULK_SIZE = 10;

export type CrashOptions = {
  kills: number;
  /** SQLite (a file) unless told; on PostgreSQL the engine's database, which outlives the store. */
  engine?: Engine;
  seed: number;
  /** The kill lands this many ms (uniformly at random) after the writers start. */
  killWindowMs?: [number, number];
};

export type WriteTally = { sent: number; acknowledged: number; lost: number };

export type CrashResult = {
  seed: number;
  kills: number;
  synchronous: string;
  journalMode: string;
  writes: { single: WriteTally; bulk: WriteTally; editor: WriteTally; member: WriteTally };
  /** Writes whose answer never came: the kill cut them (they may or may not be stored). */
  cutInFlight: number;
  /** Bulk calls with some but not all of their items stored. */
  partialBulk: number;
  /** Edited versions (item or history) not whole. */
  partialVersions: number;
  integrityFailures: number;
  /** Whether the engine has an integrity check to run after a kill (SQLite's; PostgreSQL none). */
  integrityChecked?: boolean;
};

export type Sent = { id: string; data: Record<string, unknown> };
export type Round = {
  single: { sent: Sent[]; acked: Sent[] };
  bulk: { sent: Sent[][]; acked: Sent[][] };
  editor: { sent: number; acked: number[] };
  /** Sign-ups and sign-ins: the member's e-mail, and the session token once answered. */
  member: { sent: number; acked: { email: string; sessionToken: string }[] };
};

/** The store child on `target`: a SQLite file or a PostgreSQL URL. */
async function startChild(target: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, target], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`store child not ready:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`store child exited (${code}):\n${output}`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function post(base: string, path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A member's sign-up or sign-in; the session token of its SUCCESS answer. */
async function memberSession(base: string, call: "register" | "login", email: string) {
  const response = await fetch(`${base}/_api/iam/authentication/v2/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ loginId: { email }, password: MEMBER_PASSWORD }),
  });
  const body = (await response.json()) as { state?: string; sessionToken?: string };
  if (response.status !== 200 || body.state !== "SUCCESS" || !body.sessionToken) {
    throw new Error(`member ${call} answered ${response.status} ${body.state}`);
  }
  return body.sessionToken;
}

async function signIn(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/admin/api/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: OWNER_PASSWORD }),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, "x-csrf-token": csrfToken };
}

/** Runs the writers until the server stops answering. */
function startWriters(
  base: string,
  apiKey: string,
  owner: Record<string, string>,
  label: string,
  round: Round,
) {
  const key = { authorization: apiKey };
  const single = async (writer: number) => {
    for (let n = 0; ; n++) {
      const id = `${label}-s${writer}-${n}`;
      const item = { id, data: { _id: id, writer, n, text: `${id} `.repeat(20 + (n % 50)) } };
      round.single.sent.push(item);
      const status = await post(base, "/wix-data/v2/items", key, {
        dataCollectionId: COLLECTION,
        dataItem: { data: item.data },
      });
      if (status !== 200) throw new Error(`insert answered ${status}`);
      round.single.acked.push(item);
    }
  };
  const bulk = async (writer: number) => {
    for (let n = 0; ; n++) {
      const batch = Array.from({ length: BULK_SIZE }, (_, k) => {
        const id = `${label}-b${writer}-${n}-${k}`;
        return { id, data: { _id: id, batch: `${label}-b${writer}-${n}`, k } };
      });
      round.bulk.sent.push(batch);
      const status = await post(base, "/wix-data/v2/bulk/items/insert", key, {
        dataCollectionId: COLLECTION,
        dataItems: batch.map((item) => ({ data: item.data })),
      });
      if (status !== 200) throw new Error(`bulk insert answered ${status}`);
      round.bulk.acked.push(batch);
    }
  };
  const editor = async () => {
    for (let n = 0; ; n++) {
      round.editor.sent++;
      const status = await post(base, "/wix-data/v2/items/update", owner, {
        dataCollectionId: EDITED.collection,
        dataItem: { id: EDITED.id, data: { _id: EDITED.id, ...editedVersion(`${label}e${n}-`) } },
      });
      if (status !== 200) throw new Error(`editor save answered ${status}`);
      round.editor.acked.push(n);
    }
  };
  // Each member signs up (identity row, password hash, session row), then signs in again.
  const member = async () => {
    for (let n = 0; ; n++) {
      const email = `${label}-m${n}@example.com`;
      for (const call of ["register", "login"] as const) {
        round.member.sent++;
        round.member.acked.push({ email, sessionToken: await memberSession(base, call, email) });
      }
    }
  };
  // A writer stops at its first unanswered request: the kill.
  const cut = () => undefined;
  return Promise.all([
    ...Array.from({ length: SINGLE_WRITERS }, (_, w) => single(w).catch(cut)),
    ...Array.from({ length: BULK_WRITERS }, (_, w) => bulk(w).catch(cut)),
    editor().catch(cut),
    member().catch(cut),
  ]);
}

/** The store's database at `target`, as the store child opens it. */
function openTarget(engine: Engine, target: string): Db {
  return engine.name === "sqlite" ? openDb(target) : openPgDb({ url: target });
}

/** What a commit waits for before the store answers. */
function durabilitySettings(db: Db): { synchronous: string; journalMode: string } {
  if (!(db instanceof SqliteDb)) {
    const setting = (name: string) =>
      String(
        db.prepare<[string], { value: string }>("SELECT current_setting(?) AS value").get(name)
          ?.value ?? "?",
      );
    return {
      synchronous: `synchronous_commit=${setting("synchronous_commit")}, fsync=${setting("fsync")}`,
      journalMode: "wal",
    };
  }
  const synchronous =
    ["OFF", "NORMAL", "FULL", "EXTRA"][
      db.sqlite.pragma("synchronous", { simple: true }) as number
    ] ?? "?";
  return { synchronous, journalMode: String(db.sqlite.pragma("journal_mode", { simple: true })) };
}

/** Prepares the database: owner password, API key, the Vault collection, the edited item. */
async function prepare(
  engine: Engine,
  target: string,
): Promise<{ apiKey: string; synchronous: string; journalMode: string }> {
  const db = openTarget(engine, target);
  try {
    createOwnerCredentials(db, Date.now).setPasswordHash(await ownerPasswordHash());
    const apiKey = createApiKeys(createAccessStore(db)).rotate();
    addVault(db, { read: "anyone", insert: "admin", update: "admin", remove: "admin" });
    createItemsStore(db).insert(
      EDITED.collection,
      { _id: EDITED.id, ...editedVersion("start-") },
      { now: Date.now(), ownerId: "seed" },
    );
    return { apiKey, ...durabilitySettings(db) };
  } finally {
    db.close();
  }
}

const FIRST_ANSWERS_WAIT_MS = 10_000;

async function everyWriterAnswered(round: Round, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  const answered = () =>
    round.single.acked.length > 0 &&
    round.bulk.acked.length > 0 &&
    round.editor.acked.length > 0 &&
    round.member.acked.length > 0;
  while (!answered() && Date.now() < deadline) await sleep(5);
}

/** Kills the store `kills` times during writes and checks what survived each time. */
export async function runCrashRounds(options: CrashOptions): Promise<CrashResult> {
  const [minDelay, maxDelay] = options.killWindowMs ?? [30, 400];
  const random = seededRandom(options.seed);
  const engine = options.engine ?? SQLITE;
  const dir = mkdtempSync(join(tmpdir(), "crash-"));
  const target = engine.name === "sqlite" ? join(dir, "store.db") : engine.url;
  try {
    const { apiKey, synchronous, journalMode } = await prepare(engine, target);
    const tally = (): WriteTally => ({ sent: 0, acknowledged: 0, lost: 0 });
    const result: CrashResult = {
      seed: options.seed,
      kills: 0,
      synchronous,
      journalMode,
      writes: { single: tally(), bulk: tally(), editor: tally(), member: tally() },
      cutInFlight: 0,
      partialBulk: 0,
      partialVersions: 0,
      integrityFailures: 0,
      integrityChecked: engine.name === "sqlite",
    };
    // The session lives in the database, so it outlives every kill: one sign-in.
    let owner: Record<string, string> | undefined;
    for (let kill = 0; kill < options.kills; kill++) {
      const label = `k${kill}`;
      const round: Round = {
        single: { sent: [], acked: [] },
        bulk: { sent: [], acked: [] },
        editor: { sent: 0, acked: [] },
        member: { sent: 0, acked: [] },
      };
      const { child, base } = await startChild(target);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        owner ??= await signIn(base);
        const writers = startWriters(base, apiKey, owner, label, round);
        // Each kind of writer is answered once before the random delay starts, so every round
        // kills all of them mid-stream, however slow the machine (a member's sign-up hashes).
        await everyWriterAnswered(round, FIRST_ANSWERS_WAIT_MS);
        await sleep(minDelay + random() * (maxDelay - minDelay));
        child.kill("SIGKILL");
        await exited;
        await writers;
      } finally {
        child.kill("SIGKILL");
      }
      result.kills++;
      result.cutInFlight +=
        round.single.sent.length -
        round.single.acked.length +
        round.bulk.sent.length -
        round.bulk.acked.length +
        round.editor.sent -
        round.editor.acked.length +
        round.member.sent -
        round.member.acked.length;
      const db = openTarget(engine, target);
      try {
        verifyRound(db, label, round, result);
      } finally {
        db.close();
      }
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Acknowledged writes lost, over all kinds. */
export function lostWrites(result: CrashResult): { lost: number; acknowledged: number } {
  const kinds = Object.values(result.writes);
  return {
    lost: kinds.reduce((sum, kind) => sum + kind.lost, 0),
    acknowledged: kinds.reduce((sum, kind) => sum + kind.acknowledged, 0),
  };
}
