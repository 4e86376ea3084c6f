/**
 * Login timing as an account oracle: an unknown e-mail must cost the same password-hash work as
 * a known one with a wrong password, or the answer's time tells which addresses have accounts.
 * Counted as argon2 verifications (the work), not wall-clock time (which a loaded machine blurs).
 */
import * as argon2 from "@node-rs/argon2";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});

const LOGIN = "/_api/iam/authentication/v2/login";
/** WRONG_EMAIL_OR_PASSWORD as the wire spells it (ERRORS.md). */
const WRONG_EMAIL_OR_PASSWORD = "-19976";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
  await k.signUp("ada@example.com");
});
afterEach(() => k.close());

/** The argon2 verifications one login attempt makes, and its answer's code. */
async function workOf(email: string, password: string) {
  const verify = vi.mocked(argon2.verify);
  verify.mockClear();
  const response = await k.post(LOGIN, { loginId: { email }, password });
  return { verifications: verify.mock.calls.length, code: codeOf(response) };
}

describe("login cannot tell which e-mails have accounts", () => {
  test("an unknown e-mail runs the password hash as a wrong password does, with the same answer", async () => {
    const wrongPassword = await workOf("ada@example.com", "not the password at all");
    const unknownEmail = await workOf("nobody@example.com", "not the password at all");
    expect(wrongPassword).toEqual({ verifications: 1, code: WRONG_EMAIL_OR_PASSWORD });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  test("a guess at a blocked member's password answers as a stranger's e-mail does", async () => {
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE email = ?").run("ada@example.com");
    const wrong = await workOf("ada@example.com", "not the password at all");
    const unknownEmail = await workOf("nobody@example.com", "not the password at all");
    expect(wrong).toEqual({ verifications: 1, code: WRONG_EMAIL_OR_PASSWORD });
    expect(unknownEmail).toEqual(wrong);
  });

  test("only the blocked member's right password learns of the block, after the same work", async () => {
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE email = ?").run("ada@example.com");
    const right = await workOf("ada@example.com", PASSWORD);
    expect(right).toEqual({ verifications: 1, code: "MEMBER_BLOCKED" });
  });
});
