/**
 * The profile a new member sends with registration (docs/protocol.md §8.1), one field wrong at a
 * time with the rest valid: each refusal names its field, rule and type, and stores no one;
 * what is accepted is stored as sent.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit({ config: { requireEmailVerification: false } });
});
afterEach(() => k.close());

const register = (profile: unknown) =>
  k.post("/_api/iam/authentication/v2/register", {
    loginId: { email: "ada@example.com" },
    password: PASSWORD,
    profile,
  });

const memberCount = () =>
  Number((k.db.prepare("SELECT count(*) AS n FROM identities").get() as { n: number }).n);

/** The stored profile of the one member, as the database holds it. */
const storedProfile = () =>
  JSON.parse(
    (k.db.prepare("SELECT profile FROM identities").get() as { profile: string }).profile,
  ) as unknown;

async function expectAccepted(profile: unknown, stored: Record<string, unknown>) {
  const response = await register(profile);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    state: "SUCCESS",
    identity: { identityProfile: stored },
  });
  expect(storedProfile()).toEqual(stored);
}

async function expectRefused(profile: unknown, violation: object) {
  const response = await register(profile);
  expect(response.statusCode).toBe(400);
  expect(response.json().details.validationError.fieldViolations).toEqual([violation]);
  expect(memberCount()).toBe(0);
}

const notAnObject = {
  field: "profile",
  description: "must be an object",
  violatedRule: "FORMAT",
  data: { type: "PROFILE" },
};

describe("the profile as a whole", () => {
  test("a null profile registers the member with an empty profile", async () => {
    await expectAccepted(null, {});
  });

  test.each([
    ["text", "junk"],
    ["a list", [{ firstName: "Ada" }]],
    ["a number", 5],
  ])("a profile sent as %s is refused as not an object", async (_, profile) => {
    await expectRefused(profile, notAnObject);
  });

  test("a profile padded to 16 KiB with one long label is stored whole, a character more is refused", async () => {
    // {"labels":["…"]} is 15 characters around the label.
    const limit = 16_384;
    await expectRefused(
      { labels: ["x".repeat(limit - 15 + 1)] },
      {
        field: "profile",
        description: `must be at most ${limit} bytes`,
        violatedRule: "MAX_SIZE",
        data: { type: "PROFILE" },
      },
    );
    await expectAccepted(
      { labels: ["x".repeat(limit - 15)] },
      { labels: ["x".repeat(limit - 15)] },
    );
  });

  test("fields the profile does not know are not stored", async () => {
    await expectAccepted({ nickname: "ada", role: "owner", status: "ACTIVE" }, { nickname: "ada" });
  });
});

describe("text fields", () => {
  const tooLong = {
    field: "profile.nickname",
    description: "must be text of at most 1000 characters",
    violatedRule: "FORMAT",
    data: { type: "PROFILE" },
  };

  test("a nickname of 1001 characters is refused, naming the field", async () => {
    await expectRefused({ firstName: "Ada", nickname: "n".repeat(1001) }, tooLong);
  });

  test("a nickname of exactly 1000 characters is stored", async () => {
    await expectAccepted({ nickname: "n".repeat(1000) }, { nickname: "n".repeat(1000) });
  });

  test("a nickname that is not text (an object to smuggle markup) is refused", async () => {
    await expectRefused({ nickname: { html: "<b>ada</b>" } }, tooLong);
  });

  test("a null text field is left out, not refused", async () => {
    await expectAccepted({ firstName: null, lastName: "Lovelace" }, { lastName: "Lovelace" });
  });
});

describe("list fields", () => {
  test("labels sent as a list are stored as sent", async () => {
    await expectAccepted({ labels: ["vip", "early"] }, { labels: ["vip", "early"] });
  });

  test("a null list is left out, not refused", async () => {
    await expectAccepted({ labels: null, addresses: [] }, { addresses: [] });
  });

  test("labels sent as text are refused as not a list", async () => {
    await expectRefused(
      { labels: "vip" },
      {
        field: "profile.labels",
        description: "must be a list",
        violatedRule: "FORMAT",
        data: { type: "PROFILE" },
      },
    );
  });
});

describe("privacy status", () => {
  const notAStatus = {
    field: "profile.privacyStatus",
    description: "must be UNDEFINED, PUBLIC or PRIVATE",
    violatedRule: "INVALID_ENUM_VALUE",
    data: { type: "PROFILE" },
  };

  test("PUBLIC is stored", async () => {
    await expectAccepted({ privacyStatus: "PUBLIC" }, { privacyStatus: "PUBLIC" });
  });

  test("a null privacy status is left out, not refused", async () => {
    await expectAccepted({ privacyStatus: null, nickname: "ada" }, { nickname: "ada" });
  });

  test("a status outside the three is refused", async () => {
    await expectRefused({ privacyStatus: "ADMIN" }, notAStatus);
  });

  test("a status that is not text is refused", async () => {
    await expectRefused({ privacyStatus: 1 }, notAStatus);
  });
});
