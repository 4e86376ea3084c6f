import { beforeAll, describe, expect, test } from "vitest";
import { enginesFor, readPostgresUrl, withEngine } from "../lib/engine.ts";
import { readFuzzSize } from "./fuzz-size.ts";
import { type FuzzResult, runFuzz } from "./run-fuzz.ts";

const size = readFuzzSize(process.env, "test");
const serverUrl = readPostgresUrl(process.env);

describe.each(enginesFor(serverUrl))("on %s", (name) => {
  let result: FuzzResult;

  beforeAll(async () => {
    result = await withEngine(name, serverUrl, (engine) => runFuzz({ ...size, engine }));
  }, 900_000);

  // The seed and the failing requests are in the message, so a failure can be replayed.
  const report = () =>
    `seed ${result.seed} (FUZZ_SEED), failures: ${JSON.stringify(result.failures.slice(0, 5), null, 1)}`;

  test("hostile requests over every route never get a 5xx", () => {
    expect(result.requests, report()).toBe(size.requests);
    expect(result.serverErrors, report()).toBe(0);
  });

  test("requests without credentials leave the content byte-for-byte unchanged", () => {
    expect(result.uncredentialed).toBeGreaterThan(size.requests / 3);
    expect(result.contentChanges, report()).toBe(0);
  });

  test("no answer to a caller without a member's rights holds a members-only value", () => {
    expect(result.visitorAnswers).toBeGreaterThan(size.requests / 3);
    expect(result.membersOnlyLeaks, report()).toBe(0);
  });

  test("the store still serves the page and queries after the fuzzing", () => {
    expect(result.aliveAfter, report()).toBe(true);
  });
});
