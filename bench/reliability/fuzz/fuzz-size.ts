/** @module How many fuzz requests, from which seed: a quick size in tests, 10,000 in the bench. */

/** Fixed, so runs repeat; FUZZ_SEED explores others. */
export const DEFAULT_SEED = 20_261_123;

export const FUZZ_SIZES = { test: 1_500, bench: 10_000 } as const;

/** FUZZ_REQUESTS and FUZZ_SEED override the size and the seed. */
export function readFuzzSize(
  env: NodeJS.ProcessEnv,
  kind: keyof typeof FUZZ_SIZES,
): { requests: number; seed: number } {
  const requests = Number(env.FUZZ_REQUESTS ?? FUZZ_SIZES[kind]);
  const seed = Number(env.FUZZ_SEED ?? DEFAULT_SEED);
  if (!Number.isSafeInteger(requests) || requests < 1)
    throw new Error("FUZZ_REQUESTS must be a positive integer");
  if (!Number.isSafeInteger(seed)) throw new Error("FUZZ_SEED must be an integer");
  return { requests, seed };
}
