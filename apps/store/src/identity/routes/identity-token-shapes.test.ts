/**
 * A recovery token sent in a shape no mailed link ever carries (a number, an object, a list,
 * null): a client probing the reset endpoint with JSON of another type gets the invalid link's
 * refusal, never a server error, and the member's password and mailed link are untouched.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

const ADA = "ada@example.com";
const NOT_STRINGS: [string, unknown][] = [
  ["a number", 123_456],
  ["an object", { token: "x" }],
  ["a list", ["x"]],
  ["null", null],
  ["true", true],
];

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

describe("a recovery token that is not a string", () => {
  test.each(NOT_STRINGS)(
    "%s is refused as an invalid link, and the mailed link still sets the password",
    async (_, recoveryToken) => {
      await k.signUp(ADA);
      await k.post("/_api/iam/recovery/v1/send-email", { email: ADA });
      const mail = await k.smtp.nextMail(ADA, 1);
      const token = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "").searchParams.get("token");

      const probe = await k.post("/_api/iam/recovery/v1/recover", {
        recoveryToken,
        password: "an attacker's password",
      });
      expect(probe.statusCode).toBe(400);
      expect(codeOf(probe)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");

      const login = await k.post("/_api/iam/authentication/v2/login", {
        loginId: { email: ADA },
        password: PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      const real = await k.post("/_api/iam/recovery/v1/recover", {
        recoveryToken: token,
        password: "ada's new password",
      });
      expect(real.json()).toMatchObject({ state: "SUCCESS" });
    },
  );
});
