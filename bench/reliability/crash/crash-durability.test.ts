import { describe, expect, test } from "vitest";
import { enginesFor, readPostgresUrl, withEngine } from "../lib/engine.ts";
import { lostWrites, runCrashRounds } from "./crash-harness.ts";

// The bench kills 100 times (npm run bench:reliability); a few kills here.
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? 20_261_123);
const serverUrl = readPostgresUrl(process.env);

describe.each(enginesFor(serverUrl))("on %s", (name) => {
  test("killing the store during concurrent writes loses no acknowledged write and leaves nothing half-written", async () => {
    const result = await withEngine(name, serverUrl, (engine) =>
      runCrashRounds({ kills: KILLS, seed: SEED, engine }),
    );
    const report = JSON.stringify(result);
    expect(result.kills).toBe(KILLS);
    // The kills landed while writes were both answered and still in flight.
    expect(lostWrites(result).acknowledged, report).toBeGreaterThan(0);
    expect(result.cutInFlight, report).toBeGreaterThan(0);
    expect(result.writes.member.acknowledged, report).toBeGreaterThan(0);
    expect(lostWrites(result).lost, report).toBe(0);
    expect(result.partialBulk, report).toBe(0);
    expect(result.partialVersions, report).toBe(0);
    expect(result.integrityFailures, report).toBe(0);
  }, 600_000);
});
