/**
 * `POST /v2/sign-on` (the owner's server, with the API key, signs a member on): each check
 * alone, with the rest of the request valid: the exact violations of a bad body, an existing
 * member found rather than made twice, a profile merged only when asked, an e-mail marked
 * verified only when asked, and no session token for staff, blocked or waiting identities.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { ownerHasEmail } from "../../main/test-kit/owner-signed-in.ts";

const SIGN_ON = "/_api/iam/authentication/v2/sign-on";
const REGISTER = "/_api/iam/authentication/v2/register";
const LOGIN = "/_api/iam/authentication/v2/login";

let k: MemberKit;
let server: string;
beforeEach(async () => {
  k = await createMemberKit();
  server = `${await k.token()},${k.apiKey}`;
});
afterEach(() => k.close());

const signOn = (body: Record<string, unknown>) => k.post(SIGN_ON, body, { authorization: server });

const violationsOf = (response: LightMyRequestResponse) =>
  response.json().details.validationError.fieldViolations as unknown[];

const identityRows = () =>
  (k.db.prepare("SELECT COUNT(*) AS n FROM identities").get() as { n: number }).n;

describe("a bad body names exactly what is wrong", () => {
  test("a malformed e-mail: one violation on loginId.email", async () => {
    const response = await signOn({ loginId: { email: "not-an-address" } });
    expect(response.statusCode).toBe(400);
    expect(violationsOf(response)).toEqual([
      {
        field: "loginId.email",
        description: "must be a valid e-mail address",
        violatedRule: "FORMAT",
        data: { type: "EMAIL" },
      },
    ]);
    expect(identityRows()).toBe(0);
  });

  test("a good e-mail with a bad profile: the profile's violation only", async () => {
    const response = await signOn({ loginId: { email: "ada@example.com" }, profile: "junk" });
    expect(response.statusCode).toBe(400);
    expect(violationsOf(response)).toEqual([
      {
        field: "profile",
        description: "must be an object",
        violatedRule: "FORMAT",
        data: { type: "PROFILE" },
      },
    ]);
    expect(identityRows()).toBe(0);
  });

  test("both wrong: both violations, the e-mail's first", async () => {
    const response = await signOn({ loginId: { email: "" }, profile: { nickname: 7 } });
    expect(
      (violationsOf(response) as { field: string }[]).map((violation) => violation.field),
    ).toEqual(["loginId.email", "profile.nickname"]);
  });
});

describe("a new member", () => {
  test("is made once, unverified, active and without reasons", async () => {
    const response = await signOn({
      loginId: { email: "Ada@Example.com" },
      profile: { nickname: "ada" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sessionToken: expect.any(String),
      identity: {
        email: { address: "ada@example.com", isVerified: false },
        status: { name: "ACTIVE", reasons: [] },
        identityProfile: { nickname: "ada" },
        factors: [],
      },
    });
    expect(identityRows()).toBe(1);
  });

  test("with verifyEmail: true is marked verified; false or the text 'true' leave it unverified", async () => {
    const verified = await signOn({ loginId: { email: "ada@example.com" }, verifyEmail: true });
    expect(verified.json().identity.email.isVerified).toBe(true);
    const no = await signOn({ loginId: { email: "bob@example.com" }, verifyEmail: false });
    expect(no.json().identity.email.isVerified).toBe(false);
    const text = await signOn({ loginId: { email: "cy@example.com" }, verifyEmail: "true" });
    expect(text.json().identity.email.isVerified).toBe(false);
  });
});

describe("an existing member", () => {
  const storedProfile = async (email: string) =>
    (await signOn({ loginId: { email } })).json().identity.identityProfile;

  test("is found, not made again: the same id, the password still signs in", async () => {
    const id = await k.signUp("ada@example.com");
    const response = await signOn({ loginId: { email: "ada@example.com" } });
    expect(response.statusCode).toBe(200);
    expect(response.json().identity.id).toBe(id);
    expect(identityRows()).toBe(1);
    const login = await k.post(LOGIN, {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
    });
    expect(login.json().state).toBe("SUCCESS");
  });

  test("a sign-on's profile does not overwrite the member's own unless mergeExistingContact is true", async () => {
    await signOn({ loginId: { email: "ada@example.com" }, profile: { firstName: "Ada" } });
    await signOn({ loginId: { email: "ada@example.com" }, profile: { firstName: "Mallory" } });
    await signOn({
      loginId: { email: "ada@example.com" },
      profile: { firstName: "Mallory" },
      mergeExistingContact: "true",
    });
    expect(await storedProfile("ada@example.com")).toEqual({ firstName: "Ada" });
  });

  test("mergeExistingContact: true merges the new fields over the kept ones", async () => {
    await signOn({
      loginId: { email: "ada@example.com" },
      profile: { firstName: "Ada", nickname: "ada" },
    });
    await signOn({
      loginId: { email: "ada@example.com" },
      profile: { nickname: "countess" },
      mergeExistingContact: true,
    });
    expect(await storedProfile("ada@example.com")).toEqual({
      firstName: "Ada",
      nickname: "countess",
    });
  });

  test("a member still to confirm the e-mail gets no session token without verifyEmail", async () => {
    const registered = await k.post(REGISTER, {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
    });
    const id = registered.json().identity.id as string;
    const refused = await signOn({ loginId: { email: "ada@example.com" } });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("IDENTITY_NOT_ACTIVE");
    expect(refused.json().message).toBe(`Identity [${id}] is blocked or awaiting approval`);
    expect(refused.body).not.toContain("sessionToken");

    const confirmed = await signOn({ loginId: { email: "ada@example.com" }, verifyEmail: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().identity).toMatchObject({
      id,
      email: { isVerified: true },
      status: { name: "ACTIVE", reasons: [] },
    });
  });

  test("a member the owner blocked gets no session token from sign-on", async () => {
    const id = await k.signUp("ada@example.com");
    k.ownerActs(id, "block");
    const refused = await signOn({ loginId: { email: "ada@example.com" }, verifyEmail: true });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("IDENTITY_NOT_ACTIVE");
    expect(refused.body).not.toContain("sessionToken");
  });
});

describe("staff are not members", () => {
  test("sign-on with the owner's e-mail gets no member session token", async () => {
    ownerHasEmail(k.db, "owner@example.com", k.clock.ms);
    const refused = await signOn({ loginId: { email: "Owner@example.com" } });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("IDENTITY_NOT_ACTIVE");
    expect(refused.json().message).toBe(
      "Identity [owner@example.com] is blocked or awaiting approval",
    );
    expect(refused.body).not.toContain("sessionToken");
    expect(identityRows()).toBe(1);
  });
});
