import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  hashPassword,
  passwordHashCostWarning,
  passwordProblem,
  readPasswordHashCost,
  verifyPassword,
} from "./password.ts";

// This file keeps the production cost (the test runs set PASSWORD_HASH_COST=test elsewhere):
// the parameters, and the timing of a check without a stored hash, are the production ones.
beforeAll(() => {
  vi.stubEnv("PASSWORD_HASH_COST", "production");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe("owner password", () => {
  test("is hashed with argon2id and OWASP's parameters", async () => {
    expect(await hashPassword("twelve chars ok")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test("is hashed at the production cost unless a test run asks for less", () => {
    expect(readPasswordHashCost({})).toBe("production");
    expect(readPasswordHashCost({ PASSWORD_HASH_COST: "production", NODE_ENV: "test" })).toBe(
      "production",
    );
    expect(readPasswordHashCost({ PASSWORD_HASH_COST: "test", NODE_ENV: "test" })).toBe("test");
    for (const NODE_ENV of ["production", "development", undefined]) {
      expect(readPasswordHashCost({ PASSWORD_HASH_COST: "test", NODE_ENV })).toBe("production");
    }
    expect(readPasswordHashCost({ PASSWORD_HASH_COST: "cheap", NODE_ENV: "test" })).toBe(
      "production",
    );
  });

  test("a store started with a cost it does not honour says so", () => {
    expect(passwordHashCostWarning({})).toBeNull();
    expect(passwordHashCostWarning({ PASSWORD_HASH_COST: "test", NODE_ENV: "test" })).toBeNull();
    expect(passwordHashCostWarning({ PASSWORD_HASH_COST: "test", NODE_ENV: "production" })).toMatch(
      /PASSWORD_HASH_COST=test is for test runs only.*production cost/,
    );
    expect(passwordHashCostWarning({ PASSWORD_HASH_COST: "cheap" })).toMatch(
      /must be production or test.*production cost/,
    );
  });

  test("a test run's cheap hash still verifies, and a production hash verifies under it", async () => {
    const cheap = await hashPassword("the right password", "test");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, "the right password")).toBe(true);
    expect(await verifyPassword(cheap, "the wrong password")).toBe(false);
  });

  test("verifies only the same password", async () => {
    const stored = await hashPassword("the right password");
    expect(await verifyPassword(stored, "the right password")).toBe(true);
    expect(await verifyPassword(stored, "the right passwor")).toBe(false);
  });

  test("a check without a stored hash still spends a full argon2 verification", async () => {
    const stored = await hashPassword("the right password");
    await verifyPassword(null, "warm up the dummy hash");
    const time = async (hash: string | null) => {
      const started = performance.now();
      await verifyPassword(hash, "a wrong guess here");
      return performance.now() - started;
    };
    // The fastest of a few runs each: a busy machine only ever makes a run slower.
    const fastest = async (hash: string | null) => {
      const runs = [await time(hash), await time(hash), await time(hash)];
      return Math.min(...runs);
    };
    const withHash = await fastest(stored);
    const without = await fastest(null);
    expect(without).toBeGreaterThan(withHash / 3);
  });

  test("must be 12 to 256 characters", () => {
    expect(passwordProblem("")).toBe("Enter a password");
    expect(passwordProblem("elevenchars")).toBe("Use at least 12 characters");
    expect(passwordProblem("twelve chars")).toBeNull();
    expect(passwordProblem("x".repeat(256))).toBeNull();
    expect(passwordProblem("x".repeat(257))).toBe("Use at most 256 characters");
  });

  test.each([undefined, null, 42, ["a long enough password"]])(
    "%j instead of a password is refused as no password, not a crash",
    (value) => {
      expect(passwordProblem(value)).toBe("Enter a password");
    },
  );

  test("an account without a password (signed on, or a collaborator not yet set up) opens with no password at all", async () => {
    for (const guess of ["", "a wrong guess here", "the right password"]) {
      expect(await verifyPassword(null, guess)).toBe(false);
    }
  });
});

test("a damaged stored hash is a wrong password, and is logged", async () => {
  const logged: string[] = [];
  const details: object[] = [];
  const log = {
    error: (detail: object, message: string) => {
      logged.push(message);
      details.push(detail);
    },
  };
  expect(await verifyPassword("$argon2id$not-a-hash", "any password at all", log)).toBe(false);
  expect(logged).toEqual([expect.stringContaining("password verification failed")]);
  expect(details).toEqual([{ err: expect.any(Error) }]);
});
