import { expect, test } from "vitest";
import { ApiError } from "../platform/errors.ts";
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

function clockedService() {
  const clock = { ms: Date.parse("2025-06-01T00:00:00Z") };
  const tokens = createTokenService({
    key: new Uint8Array(32).fill(3),
    clientId: "client",
    now: () => clock.ms,
    onUnexpectedError: () => {},
  });
  return { tokens, clock };
}

test("a token the store issues says it is a JWT signed with HS256", async () => {
  const { tokens } = service();
  const { access_token, refresh_token } = await tokens.issueAnonymous();
  for (const token of [access_token, refresh_token]) {
    const header = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString());
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
  }
});

test("a kept access token is refused as expired the second after its expiry, checked before or not", async () => {
  const { tokens, clock } = clockedService();
  const { access_token, expires_in } = await tokens.issueAnonymous();
  const issuedAt = clock.ms;
  tokens.verifyAccess(access_token);
  clock.ms = issuedAt + expires_in * 1000;
  expect(tokens.verifyAccess(access_token).role).toBe("visitor");
  clock.ms = issuedAt + (expires_in + 1) * 1000;
  expect(codeOf(() => tokens.verifyAccess(access_token))).toBe("TOKEN_EXPIRED");

  const fresh = clockedService();
  const other = await fresh.tokens.issueAnonymous();
  fresh.clock.ms += (expires_in + 1) * 1000;
  expect(codeOf(() => fresh.tokens.verifyAccess(other.access_token))).toBe("TOKEN_EXPIRED");
});
