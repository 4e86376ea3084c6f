import { expect, test } from "vitest";
import { signInMethodWords } from "./security.ts";

test("each sign-in method reads as words, the owner's setup link too; a method named later loses its dashes", () => {
  expect(
    ["password", "totp", "recovery-code", "passkey", "setup-link"].map(signInMethodWords),
  ).toEqual(["password", "authenticator code", "recovery code", "passkey", "setup link"]);
  expect(signInMethodWords("magic-link")).toBe("magic link");
});
