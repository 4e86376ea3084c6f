/**
 * Registration's checks one at a time, written as the misuse each stops: probing which
 * addresses are taken, a sign-up flood from one address that would make the store mail
 * strangers, the owner alerted for sign-ups that do not wait for them.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { ownerHasEmail } from "../../main/test-kit/owner-signed-in.ts";
import { createMemberSettingsStore } from "../storage/member-settings-store.ts";

const OWNER_EMAIL = "owner@example.com";
const COMMON_PASSWORD = "1qaz2wsx3edc";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const register = (email: string, password = PASSWORD, extra: object = {}) =>
  k.post("/_api/iam/authentication/v2/register", { loginId: { email }, password, ...extra });

const violationsOf = (response: { json(): unknown }) =>
  (response.json() as { details: { validationError: { fieldViolations: unknown[] } } }).details
    .validationError.fieldViolations;

const memberCount = () =>
  Number((k.db.prepare("SELECT count(*) AS n FROM identities").get() as { n: number }).n);

describe("refused sign-ups name every reason and store no one", () => {
  test.each([
    "eve@evil.example?cc=boss%40example.com&body=pay%20now",
    "eve?cc=boss%40example.com@evil.example",
    "eve@evil.example#fragment",
    "eve,boss@example.com",
    "eve\u202e@example.com",
  ])(
    "an address that a mailto: link would read as more than an address (%s) is refused",
    async (email) => {
      const response = await register(email);
      expect(response.statusCode).toBe(400);
      expect(violationsOf(response)).toMatchObject([{ field: "loginId.email" }]);
      expect(memberCount()).toBe(0);
    },
  );

  test("a malformed e-mail and a short password are both named, each with its rule and type", async () => {
    const response = await register("not-an-email", "short");
    expect(response.statusCode).toBe(400);
    expect(violationsOf(response)).toEqual([
      {
        field: "loginId.email",
        description: "must be a valid e-mail address",
        violatedRule: "FORMAT",
        data: { type: "EMAIL" },
      },
      {
        field: "password",
        description: "must be at least 8 characters",
        violatedRule: "FORMAT",
        data: { type: "PASSWORD" },
      },
    ]);
    expect(memberCount()).toBe(0);
  });

  test("a valid e-mail and password with a profile that is not an object: the profile's violation", async () => {
    const response = await register("ada@example.com", PASSWORD, { profile: "junk" });
    expect(response.statusCode).toBe(400);
    expect(violationsOf(response)).toEqual([
      {
        field: "profile",
        description: "must be an object",
        violatedRule: "FORMAT",
        data: { type: "PROFILE" },
      },
    ]);
    expect(memberCount()).toBe(0);
  });
});

describe("probing addresses", () => {
  test("a taken address is answered 'taken' before the password is screened or hashed", async () => {
    await k.signUp("ada@example.com");
    // A common password would be refused by the screen: the probe must not get that far.
    const probe = await register("ada@example.com", COMMON_PASSWORD);
    expect(probe.statusCode).toBe(409);
    expect(codeOf(probe)).toBe("-19995");
    const fresh = await register("bob@example.com", COMMON_PASSWORD);
    expect(codeOf(fresh)).toBe("PASSWORD_TOO_COMMON");
  });
});

describe("the stored member", () => {
  test("with nothing to wait for, the new member is ACTIVE, answered and stored so", async () => {
    await k.close();
    k = await createMemberKit({ config: { requireEmailVerification: false } });
    const response = await register("ada@example.com");
    expect(response.json()).toMatchObject({
      state: "SUCCESS",
      identity: { status: { name: "ACTIVE", reasons: [] } },
    });
    expect(k.db.prepare("SELECT status FROM identities").get()).toEqual({ status: "ACTIVE" });
  });
});

describe("mails a sign-up causes", () => {
  test("one address signing up many e-mails has codes mailed to no more than its mail limit", async () => {
    await k.close();
    k = await createMemberKit({ config: { mailMaxPerAddress: 2 } });
    const victims = ["v1@example.com", "v2@example.com", "v3@example.com"];
    for (const email of victims) {
      expect((await register(email)).json()).toMatchObject({ state: "REQUIRE_EMAIL_VERIFICATION" });
    }
    // The code mail is sent before registration answers: what has not arrived was not sent.
    await k.smtp.nextMail("v2@example.com");
    expect(victims.map((email) => k.smtp.countTo(email))).toEqual([1, 1, 0]);
  });

  test("the owner is alerted about a sign-up that waits for approval, not about one let in at once", async () => {
    await k.close();
    k = await createMemberKit({ config: { requireEmailVerification: false } });
    ownerHasEmail(k.db, OWNER_EMAIL, k.clock.ms);
    expect((await register("early@example.com")).json().state).toBe("SUCCESS");
    createMemberSettingsStore(k.db).write({ requireApproval: true });
    k.clock.ms += 61_000; // past the owner's alert cool-down, should the first have used it
    expect((await register("waiting@example.com")).json().state).toBe("REQUIRE_OWNER_APPROVAL");
    const alert = await k.smtp.nextMail(OWNER_EMAIL);
    expect(alert.subject).toBe("A new client waits for your approval");
    expect(alert.text).toContain("waiting@example.com");
    expect(k.smtp.countTo(OWNER_EMAIL)).toBe(1);
  });
});
