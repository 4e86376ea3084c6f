import { expect, test } from "vitest";
import { ApiError } from "../errors.ts";
import { createTokenService } from "./tokens.ts";

function service() {
  const unexpected: unknown[] = [];
  const tokens = createTokenService({
    key: new Uint8Array(32).fill(3),
    clientId: "client",
    now: () => Date.parse("2025-06-01T00:00:00Z"),
    onUnexpectedError: (error) => unexpected.push(error),
  });
  return { tokens, unexpected };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.code : "not an ApiError";
  }
  return undefined;
}

test("a forged token is refused as invalid without being reported as a fault", async () => {
  const { tokens, unexpected } = service();
  const { access_token } = await tokens.issueAnonymous();
  const forged = `${access_token.slice(0, -4)}AAAA`;
  expect(codeOf(() => tokens.verifyAccess(forged))).toBe("TOKEN_INVALID");
  expect(codeOf(() => tokens.verifyAccess("not.a.token"))).toBe("TOKEN_INVALID");
  expect(unexpected).toEqual([]);
});

test("a verification that fails for an unexpected reason is refused and reported", () => {
  const { tokens, unexpected } = service();
  expect(codeOf(() => tokens.verifyAccess(undefined as unknown as string))).toBe("TOKEN_INVALID");
  expect(unexpected).toHaveLength(1);
  expect(unexpected[0]).toBeInstanceOf(TypeError);
});
