/**
 * Refresh tokens rotate (OAuth security BCP): each refresh answers the next one, and
 * one presented after a newer one was used is a copy: the whole session ends. The official SDK
 * keeps the refresh token it first got (docs/protocol.md §6.5), so that one keeps working for it.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../main/test-kit/identity-kit.ts";
import { membersOnlyCollection, readAsMember, refresh } from "../main/test-kit/member-browser.ts";

const ADA = "ada@example.com";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
  membersOnlyCollection(k);
  await k.signUp(ADA);
});
afterEach(() => k.close());

async function refreshed(refreshToken: string) {
  const answer = await refresh(k, refreshToken);
  expect(answer.statusCode).toBe(200);
  return answer.json() as { access_token: string; refresh_token: string };
}

describe("rotation", () => {
  test("each refresh answers a new refresh token, and the member's role with it", async () => {
    const first = await k.memberTokens(ADA);
    const next = await refreshed(first.refresh_token);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await readAsMember(k, next.access_token)).statusCode).toBe(200);
  });

  test("a client that keeps its first refresh token (as the SDK does) stays signed in", async () => {
    const first = await k.memberTokens(ADA);
    for (let i = 0; i < 3; i++) {
      k.clock.ms += 4 * 3_600_000;
      const next = await refreshed(first.refresh_token);
      expect((await readAsMember(k, next.access_token)).statusCode).toBe(200);
    }
  });

  test("two refreshes with one token at once (two tabs) both succeed", async () => {
    const first = await k.memberTokens(ADA);
    const answers = await Promise.all([
      refresh(k, first.refresh_token),
      refresh(k, first.refresh_token),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
  });
});

describe("reuse detection", () => {
  test("a refresh token replayed after a newer one was used ends the session, and the legitimate client's new tokens fail too", async () => {
    const stolen = await k.memberTokens(ADA);
    const second = await refreshed(stolen.refresh_token);
    const third = await refreshed(second.refresh_token);
    expect((await readAsMember(k, third.access_token)).statusCode).toBe(200);

    const replay = await refresh(k, stolen.refresh_token);
    expect(codeOf(replay)).toBe("INVALID_GRANT");

    expect(codeOf(await refresh(k, third.refresh_token))).toBe("INVALID_GRANT");
    const read = await readAsMember(k, third.access_token);
    expect(read.statusCode).toBe(401);
    expect(codeOf(read)).toBe("TOKEN_INVALID");
    const ended = k.db.prepare("SELECT end_reason FROM sessions WHERE channel = 'token'").all();
    expect(ended).toEqual([{ end_reason: "refresh_reuse" }]);
  });

  test("a thief who refreshes first is caught when the member's client moves on", async () => {
    const member = await k.memberTokens(ADA);
    const thief = await refreshed(member.refresh_token);
    await refreshed(thief.refresh_token);
    // The member's client presents its (older) token: the session ends for both.
    expect(codeOf(await refresh(k, member.refresh_token))).toBe("INVALID_GRANT");
    expect((await readAsMember(k, thief.access_token)).statusCode).toBe(401);
  });

  test("reuse in one session leaves the member's other sessions alone", async () => {
    const other = await k.memberTokens(ADA);
    const stolen = await k.memberTokens(ADA);
    await refreshed((await refreshed(stolen.refresh_token)).refresh_token);
    expect(codeOf(await refresh(k, stolen.refresh_token))).toBe("INVALID_GRANT");
    expect((await readAsMember(k, other.access_token)).statusCode).toBe(200);
  });
});
