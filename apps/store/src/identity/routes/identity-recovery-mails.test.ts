/**
 * The recovery and activation mails, and who never gets one: their wording, the malformed
 * address's violation, one link a minute per recipient whichever flow asked (mail bombing),
 * the recipient's cap across the window, blocked members and the owner, and an activation for
 * an identity that does not exist.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import { OWNER_EMAIL, ownerWithEmail } from "../../main/test-kit/owner-signed-in.ts";

const SEND = "/_api/iam/recovery/v1/send-email";
const ACTIVATE = "/_api/iam/recovery/v1/activation-email";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const activate = (identityId?: unknown) =>
  k.post(ACTIVATE, identityId === undefined ? {} : { identityId }, { authorization: k.apiKey });

describe("the mails", () => {
  test("the recovery mail names itself, the store's reset link, its one use and 60 minutes", async () => {
    await k.signUp("ada@example.com");
    await k.post(SEND, { email: "ada@example.com" });
    const mail = await k.smtp.nextMail("ada@example.com", 1);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text.trimEnd()).toMatch(
      new RegExp(
        `^Choose a new password: ${ORIGIN}/members/reset-password\\?token=[\\w-]+\\n\\n` +
          "The link works once, for 60 minutes\\. " +
          "If you did not ask for it, ignore this message\\.$",
      ),
    );
  });

  test("the owner's activation mail asks to choose a password to activate the account", async () => {
    const id = await k.signUp("ada@example.com");
    expect((await activate(id)).statusCode).toBe(200);
    const mail = await k.smtp.nextMail("ada@example.com", 1);
    expect(mail.subject).toBe("Activate your account");
    expect(mail.text).toMatch(
      new RegExp(`^Choose a password to activate your account: ${ORIGIN}/members/reset-password`),
    );
    expect(mail.text).toContain("The link works once, for 60 minutes.");
  });

  test("a malformed address is refused with the e-mail field's violation", async () => {
    const response = await k.post(SEND, { email: "not an address" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.validationError.fieldViolations).toEqual([
      {
        field: "email",
        description: "must be a valid e-mail address",
        violatedRule: "FORMAT",
        data: { type: "EMAIL" },
      },
    ]);
  });

  test("an activation for an identity that does not exist says which", async () => {
    for (const [identityId, shown] of [
      ["no-such-member", "no-such-member"],
      [undefined, ""],
    ] as const) {
      const response = await activate(identityId);
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe("IDENTITY_NOT_FOUND");
      expect(response.json().message).toBe(`Identity [${shown}] does not exist`);
    }
  });
});

describe("mail bombing one recipient", () => {
  test("recovery asked twice within a minute mails one link, and answers the same", async () => {
    await k.signUp("ada@example.com");
    const first = await k.post(SEND, { email: "ada@example.com" });
    const second = await k.post(SEND, { email: "ada@example.com" });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    await settle();
    expect(k.smtp.countTo("ada@example.com")).toBe(2); // the sign-up code and one link
  });

  test("a recovery link, then the owner's activation within the minute: refused as too soon", async () => {
    const id = await k.signUp("ada@example.com");
    await k.post(SEND, { email: "ada@example.com" });
    const response = await activate(id);
    expect(response.statusCode).toBe(429);
    expect(codeOf(response)).toBe("IDENTITY_RESEND_TOO_SOON");
    expect(response.json().message).toBe(
      "A mail was just sent. Wait 60 seconds before asking for another.",
    );
    expect(response.headers["retry-after"]).toBe("60");
    await settle();
    expect(k.smtp.countTo("ada@example.com")).toBe(2);
  });

  test("the owner's activation, then recovery within the minute: no second link", async () => {
    const id = await k.signUp("ada@example.com");
    expect((await activate(id)).statusCode).toBe(200);
    expect((await k.post(SEND, { email: "ada@example.com" })).statusCode).toBe(200);
    await settle();
    expect(k.smtp.countTo("ada@example.com")).toBe(2);
  });

  test("activation mails a minute apart stop at the recipient's cap, with the wait in the answer", async () => {
    const id = await k.signUp("ada@example.com");
    for (let i = 1; i <= 4; i++) {
      k.clock.ms += 61_000;
      expect((await activate(id)).statusCode).toBe(200);
    }
    k.clock.ms += 61_000;
    const capped = await activate(id);
    expect(capped.statusCode).toBe(429);
    expect(codeOf(capped)).toBe("IDENTITY_THROTTLED");
    const wait = Number(capped.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(capped.json().message).toBe(`Too many attempts. Try again in ${wait} seconds.`);
    expect(capped.json().details.applicationError.data).toEqual({ retryAfterSeconds: wait });
    await settle();
    expect(k.smtp.countTo("ada@example.com")).toBe(5);
  });
});

describe("who gets no member link", () => {
  test("a blocked member asking for recovery gets a stranger's answer and no mail", async () => {
    const id = await k.signUp("eve@example.com");
    k.ownerActs(id, "block");
    const response = await k.post(SEND, { email: "eve@example.com" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    await settle();
    expect(k.smtp.countTo("eve@example.com")).toBe(1); // the sign-up code only
  });

  test("an activation the owner's key asks for a blocked member mails no link: blocked stays out", async () => {
    const id = await k.signUp("eve@example.com");
    k.ownerActs(id, "block");
    const response = await activate(id);
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe("IDENTITY_NOT_FOUND");
    await settle();
    expect(k.smtp.countTo("eve@example.com")).toBe(1); // the sign-up code only
  });

  test("the owner's address on the members' recovery gets no member link", async () => {
    await ownerWithEmail(k);
    await settle();
    const before = k.smtp.countTo(OWNER_EMAIL);
    const response = await k.post(SEND, { email: OWNER_EMAIL });
    expect(response.json()).toEqual({});
    await settle();
    expect(k.smtp.countTo(OWNER_EMAIL)).toBe(before);
  });
});
