/**
 * Tokens that carry a valid MAC but claims the store never issues: made with the store's key, as
 * a leaked key, a second client sharing one key, or a bug in the signer would make them. Each
 * is refused on its claims, and a member's refresh token is checked before the session is asked.
 */
import { SignJWT } from "jose";
import { expect, test } from "vitest";
import { ApiError } from "../platform/errors.ts";
import { createTokenService, type TokenSubject } from "./tokens.ts";

const KEY = new Uint8Array(32).fill(3);
const NOW_MS = Date.parse("2025-06-01T00:00:00Z");
const NOW = NOW_MS / 1000;

function service() {
  return createTokenService({ key: KEY, clientId: "client", now: () => NOW_MS });
}

function signed(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT({ cid: "client", ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(NOW)
    .setExpirationTime(NOW + 3600)
    .sign(KEY);
}

async function codeOf(run: () => unknown): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    return error instanceof ApiError ? error.code : "not an ApiError";
  }
  return undefined;
}

test("a well-signed access token claiming the owner's role, another client or no subject is refused", async () => {
  const tokens = service();
  const forged = [
    await signed({ token_use: "access", role: "owner", sub: "x" }),
    await signed({ token_use: "access", role: "admin", sub: "x" }),
    await signed({ token_use: "access", role: "visitor", sub: "x", cid: "another-client" }),
    await signed({ token_use: "access", role: "member", sub: 42 }),
    await signed({ token_use: "access", role: "member" }),
  ];
  for (const token of forged)
    expect(await codeOf(() => tokens.verifyAccess(token))).toBe("TOKEN_INVALID");
  const genuine = await signed({ token_use: "access", role: "visitor", sub: "x" });
  expect(tokens.verifyAccess(genuine)).toEqual({ role: "visitor", id: "x" });
});

test("a session id that is not a string is not taken as the member's session", async () => {
  const tokens = service();
  const token = await signed({ token_use: "access", role: "member", sub: "m1", sid: 42 });
  const subject = tokens.verifyAccess(token);
  expect(subject).toStrictEqual({ role: "member", id: "m1" });
  expect("sid" in subject).toBe(false);
});

test("a member's refresh token without its session or generation is refused before the session is asked", async () => {
  const tokens = service();
  const asked: unknown[] = [];
  const renew = (subject: TokenSubject & { sid: string }, generation: number) => {
    asked.push({ subject, generation });
    return generation + 1;
  };
  const base = { token_use: "refresh", role: "member", sub: "m1" };
  const incomplete = [
    await signed(base),
    await signed({ ...base, sid: "s1" }),
    await signed({ ...base, gen: 1 }),
    await signed({ ...base, sid: "s1", gen: "1" }),
    await signed({ ...base, sid: 7, gen: 1 }),
  ];
  for (const token of incomplete) {
    expect(await codeOf(() => tokens.refresh(token, renew))).toBe("INVALID_GRANT");
  }
  expect(asked).toEqual([]);
  const whole = await signed({ ...base, sid: "s1", gen: 1 });
  expect((await tokens.refresh(whole, renew)).token_type).toBe("Bearer");
  expect(asked).toEqual([{ subject: { role: "member", id: "m1", sid: "s1" }, generation: 1 }]);
});

test("a store fault while renewing a session reaches the caller as a fault, not as a bad grant", async () => {
  const tokens = service();
  const token = await signed({
    token_use: "refresh",
    role: "member",
    sub: "m1",
    sid: "s1",
    gen: 1,
  });
  const fault = new Error("database is locked");
  const outcome = await tokens
    .refresh(token, () => {
      throw fault;
    })
    .catch((error: unknown) => error);
  expect(outcome).toBe(fault);
});
