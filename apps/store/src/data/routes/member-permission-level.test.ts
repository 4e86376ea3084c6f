/**
 * What a member's token may do (docs/protocol.md §6.4): read and write a members-only collection as
 * its owner, nothing kept for admins, the member role kept on refresh, change its password, and
 * nothing once the member is blocked or deleted.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { membersOnlyCollection } from "../../main/test-kit/member-browser.ts";
import { TEST_CLIENT_ID } from "../../main/test-kit/test-app.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

describe("member permission level", () => {
  const query = (authorization: string) =>
    k.post("/wix-data/v2/items/query", { dataCollectionId: "MembersOnly" }, { authorization });
  const insert = (authorization: string) =>
    k.post(
      "/wix-data/v2/items",
      { dataCollectionId: "MembersOnly", dataItem: { data: { note: "hi" } } },
      { authorization },
    );

  beforeEach(async () => {
    membersOnlyCollection(k);
    await k.signUp("ada@example.com");
  });

  test("a member reads and writes a members-only collection; the item is theirs", async () => {
    const { access_token } = await k.memberTokens("ada@example.com");
    const inserted = await insert(access_token);
    expect(inserted.statusCode).toBe(200);
    const id = k.db.prepare("SELECT id FROM identities").get() as { id: string };
    expect(inserted.json().dataItem.data._ownerId).toBe(id.id);
    const read = await query(access_token);
    expect(read.statusCode).toBe(200);
    expect(read.json().dataItems).toHaveLength(1);
  });

  test("a visitor is refused there", async () => {
    const visitor = await k.token();
    expect(codeOf(await query(visitor))).toBe("WDE0027");
    expect(codeOf(await insert(visitor))).toBe("WDE0027");
  });

  test("a member cannot do what the collection keeps for admins", async () => {
    const { access_token } = await k.memberTokens("ada@example.com");
    const response = await k.post(
      "/wix-data/v2/items/truncate",
      { dataCollectionId: "MembersOnly" },
      { authorization: access_token },
    );
    expect(codeOf(response)).toBe("WDE0027");
  });

  test("a blocked member's tokens stop working on the next request", async () => {
    const { access_token, refresh_token } = await k.memberTokens("ada@example.com");
    expect((await query(access_token)).statusCode).toBe(200);
    k.db.prepare("UPDATE identities SET status = 'BLOCKED'").run();
    const refused = await query(access_token);
    expect(refused.statusCode).toBe(401);
    expect(codeOf(refused)).toBe("TOKEN_INVALID");
    const refreshed = await k.post("/oauth2/token", {
      clientId: TEST_CLIENT_ID,
      grantType: "refresh_token",
      refreshToken: refresh_token,
    });
    expect(codeOf(refreshed)).toBe("INVALID_GRANT");
  });

  test("a deleted member's tokens stop working", async () => {
    const { access_token } = await k.memberTokens("ada@example.com");
    k.db.prepare("DELETE FROM identities").run();
    expect((await query(access_token)).statusCode).toBe(401);
  });

  test("a member's refresh keeps the member role", async () => {
    const { refresh_token } = await k.memberTokens("ada@example.com");
    const refreshed = await k.post("/oauth2/token", {
      clientId: TEST_CLIENT_ID,
      grantType: "refresh_token",
      refreshToken: refresh_token,
    });
    expect((await query(refreshed.json().access_token)).statusCode).toBe(200);
  });

  test("change-password needs a member token and the new password then signs in", async () => {
    const visitor = await k.token();
    const refused = await k.post(
      "/_api/iam/authentication/v2/change-password",
      { newPassword: "a brand new password" },
      { authorization: visitor },
    );
    expect(codeOf(refused)).toBe("IDENTITY_MEMBER_REQUIRED");
    const { access_token } = await k.memberTokens("ada@example.com");
    const changed = await k.post(
      "/_api/iam/authentication/v2/change-password",
      { newPassword: "a brand new password" },
      { authorization: access_token },
    );
    expect(changed.json()).toEqual({});
    const login = await k.post("/_api/iam/authentication/v2/login", {
      loginId: { email: "ada@example.com" },
      password: "a brand new password",
    });
    expect(login.json().state).toBe("SUCCESS");
  });
});
