/**
 * The editor's Members view against the real store: list and search, approve, block
 * (the member's live tokens stop at once), unblock, delete, the activation e-mail, the approval
 * setting, last sign-in; every call refused without the owner's session and CSRF token.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import {
  type OwnerCalls,
  ownerSignedIn,
  type SignedIn,
} from "../../main/test-kit/owner-signed-in.ts";

let k: MemberKit;
let owner: SignedIn;
let asOwner: OwnerCalls;

beforeEach(async () => {
  k = await createMemberKit();
  ({ call: asOwner, ...owner } = await ownerSignedIn(k));
});
afterEach(() => k.close());

type Member = {
  id: string;
  email: string;
  status: string;
  reasons: string[];
  lastSignInDate: string | null;
};
const members = async (search = "") =>
  (await asOwner("GET", `/admin/api/members?search=${encodeURIComponent(search)}`)).json() as {
    members: Member[];
    settings: { requireApproval: boolean };
  };
const readAs = (authorization: string) =>
  k.post("/v2/items/query", { dataCollectionId: "ClientResources" }, { authorization });

describe("the owner's member list", () => {
  test("lists members with their status and last sign-in, and searches by e-mail", async () => {
    await k.signUp("ada@example.com");
    await k.signUp("bob@example.com");
    expect((await members()).members.map((m) => m.email)).toEqual([
      "ada@example.com",
      "bob@example.com",
    ]);
    expect((await members()).members[0]?.lastSignInDate).toBeNull();
    await k.memberTokens("ada@example.com");
    const [ada] = (await members("ADA@")).members;
    expect(ada).toMatchObject({ email: "ada@example.com", status: "ACTIVE" });
    expect(ada?.lastSignInDate).toBe(new Date(k.clock.ms).toISOString());
    expect((await members("nobody")).members).toEqual([]);
  });
});

describe("approval", () => {
  test("the owner's setting makes new members wait, and approving lets them in", async () => {
    expect((await members()).settings).toEqual({ requireApproval: false });
    const turnedOn = await asOwner("PUT", "/admin/api/member-settings", { requireApproval: true });
    expect(turnedOn.json()).toEqual({ settings: { requireApproval: true } });
    const id = await k.signUp("ada@example.com");
    expect((await members()).members[0]).toMatchObject({
      status: "PENDING",
      reasons: ["PENDING_ADMIN_APPROVAL_REQUIRED"],
    });
    const approved = await asOwner("POST", `/admin/api/members/${id}/approve`);
    expect(approved.json().member.status).toBe("ACTIVE");
  });

  test("a setting that is not true or false is refused and changes nothing", async () => {
    const response = await asOwner("PUT", "/admin/api/member-settings", { requireApproval: "yes" });
    expect(response.statusCode).toBe(400);
    expect((await members()).settings.requireApproval).toBe(false);
  });
});

describe("blocking", () => {
  test("a blocked member's next request with their token is refused, and refreshing fails", async () => {
    const id = await k.signUp("ada@example.com");
    const tokens = await k.memberTokens("ada@example.com");
    expect((await readAs(tokens.access_token)).statusCode).toBe(200);
    expect((await asOwner("POST", `/admin/api/members/${id}/block`)).json().member.status).toBe(
      "BLOCKED",
    );
    const refused = await readAs(tokens.access_token);
    expect(refused.statusCode).toBe(401);
    const refresh = await k.post("/oauth2/token", {
      clientId: "test-client",
      grantType: "refresh_token",
      refreshToken: tokens.refresh_token,
    });
    expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
    const login = await k.post("/_api/iam/authentication/v2/login", {
      loginId: { email: "ada@example.com" },
      password: "correct horse battery",
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
  });

  test("unblocking lets the member sign in again", async () => {
    const id = await k.signUp("ada@example.com");
    await asOwner("POST", `/admin/api/members/${id}/block`);
    const unblocked = await asOwner("POST", `/admin/api/members/${id}/unblock`);
    expect(unblocked.json().member.status).toBe("ACTIVE");
    const tokens = await k.memberTokens("ada@example.com");
    expect((await readAs(tokens.access_token)).statusCode).toBe(200);
  });
});

describe("deleting and the activation e-mail", () => {
  test("a deleted member is gone and their token stops working", async () => {
    const id = await k.signUp("ada@example.com");
    const tokens = await k.memberTokens("ada@example.com");
    expect((await asOwner("DELETE", `/admin/api/members/${id}`)).statusCode).toBe(200);
    expect((await members()).members).toEqual([]);
    expect((await readAs(tokens.access_token)).statusCode).toBe(401);
    expect((await asOwner("DELETE", `/admin/api/members/${id}`)).statusCode).toBe(404);
  });

  test("the activation e-mail carries a link to choose a password", async () => {
    const id = await k.signUp("ada@example.com");
    const before = k.smtp.countTo("ada@example.com");
    expect((await asOwner("POST", `/admin/api/members/${id}/activation-email`)).statusCode).toBe(
      200,
    );
    const mail = await k.smtp.nextMail("ada@example.com", before);
    expect(mail.subject).toBe("Activate your account");
    expect(mail.text).toContain("/members/reset-password?token=");
  });
});

describe("callers other than the signed-in owner", () => {
  test("are refused every member call, and nothing changes", async () => {
    const id = await k.signUp("ada@example.com");
    const memberToken = (await k.memberTokens("ada@example.com")).access_token;
    const callers: Record<string, Record<string, string>> = {
      nobody: {},
      visitor: { authorization: await k.token() },
      member: { authorization: memberToken },
      "API key": { authorization: k.apiKey },
      "owner cookie without CSRF": { cookie: owner.cookie },
    };
    const calls = [
      ["POST", `/admin/api/members/${id}/block`],
      ["POST", `/admin/api/members/${id}/approve`],
      ["POST", `/admin/api/members/${id}/activation-email`],
      ["DELETE", `/admin/api/members/${id}`],
      ["PUT", "/admin/api/member-settings"],
    ] as const;
    const answers = await Promise.all(
      Object.values(callers).flatMap((headers) =>
        calls.map(([method, url]) =>
          k.app.inject({ method, url, headers, payload: { requireApproval: true } }),
        ),
      ),
    );
    for (const answer of answers) expect([401, 403]).toContain(answer.statusCode);
    const list = await k.app.inject({
      method: "GET",
      url: "/admin/api/members",
      headers: { authorization: k.apiKey },
    });
    expect(codeOf(list)).toBeDefined();
    expect(list.statusCode).toBe(401);
    expect((await members()).members[0]?.status).toBe("ACTIVE");
    expect((await members()).settings.requireApproval).toBe(false);
  });
});
