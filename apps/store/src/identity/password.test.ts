import { describe, expect, test } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./password.ts";

describe("owner password", () => {
  test("is hashed with argon2id and OWASP's parameters", async () => {
    expect(await hashPassword("twelve chars ok")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
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
