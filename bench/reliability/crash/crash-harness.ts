/**
 * @module Crash durability: concurrent writers (single inserts, bulk inserts, the owner's editor
 * saves, members signing up and in) against the real store in a child process, killed with
 * SIGKILL at a random moment, restarted, again and again. After each kill: every acknowledged
 * write is present and whole (a member's identity with its password, each session token a
 * sign-up or sign-in answered), no bulk call is half there, the edited item is one whole version
 * no older than the last acknowledged save, and the database passes `PRAGMA integrity_check`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Engine, SQLITE } from "../lib/engine.ts";
import { startChild } from "./crash-child.ts";
import { openTarget, prepare } from "./crash-database.ts";
import type { CrashResult, Round, WriteTally } from "./crash-types.ts";
import { verifyRound } from "./crash-verify.ts";
import {
  everyWriterAnswered,
  FIRST_ANSWERS_WAIT_MS,
  signIn,
  startWriters,
} from "./crash-writers.ts";
import { seededRandom } from "./seeded-random.ts";

export type CrashOptions = {
  kills: number;
  /** SQLite (a file) unless told; on PostgreSQL the engine's database, which outlives the store. */
  engine?: Engine;
  seed: number;
  /** The kill lands this many ms (uniformly at random) after the writers start. */
  killWindowMs?: [number, number];
};

export type { CrashResult, Round, Sent, WriteTally } from "./crash-types.ts";

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
