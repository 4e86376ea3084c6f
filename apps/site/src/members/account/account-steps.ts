/**
 * @module Where a member is in the account page's flows, and what a login result means for
 * them: the next step, a message to show, or a session token to turn into member tokens.
 */
import type { LoginResult } from "@consultant/content-client/members";
import { asSentence, errorSentence } from "../../lib/error-sentence.ts";

export type Step =
  | { view: "sign-in" }
  | { view: "sign-up" }
  | { view: "forgot-password" }
  | { view: "verify-email" }
  | { view: "second-factor"; stateToken: string }
  | { view: "awaiting-approval" }
  | { view: "signed-in" };

export type Outcome =
  | { kind: "session"; sessionToken: string }
  | { kind: "step"; step: Step }
  | { kind: "error"; message: string };

const FAILURE_MESSAGES: Record<string, string> = {
  invalidEmail: "Enter a valid e-mail address.",
  invalidPassword: "The e-mail address or the password is wrong.",
  resetPassword: "Choose a new password first: use “Forgot your password?”.",
  emailAlreadyExists: "An account with this e-mail address exists already. Sign in instead.",
  missingCaptchaToken: "The check that you are a person did not complete. Try again.",
  invalidCaptchaToken: "The check that you are a person did not complete. Try again.",
};

/** A blocked member who gave the right password (the store's MEMBER_BLOCKED). */
export const BLOCKED_MESSAGE =
  "Your account is blocked. Contact the site's owner (their details are on the site) to ask about it.";

/** What a result of register, login, verification or the second factor leads to. */
export function outcomeOf(result: LoginResult): Outcome {
  switch (result.loginState) {
    case "SUCCESS":
      return { kind: "session", sessionToken: result.data.sessionToken };
    case "EMAIL_VERIFICATION_REQUIRED":
      return { kind: "step", step: { view: "verify-email" } };
    case "OWNER_APPROVAL_REQUIRED":
      return { kind: "step", step: { view: "awaiting-approval" } };
    case "FAILURE": {
      if (result.data?.state === "REQUIRE_MFA" && result.data.stateToken) {
        return {
          kind: "step",
          step: { view: "second-factor", stateToken: result.data.stateToken },
        };
      }
      const known = result.errorCode === undefined ? undefined : FAILURE_MESSAGES[result.errorCode];
      if (known === undefined && /\bblocked\b/i.test(result.error)) {
        return { kind: "error", message: BLOCKED_MESSAGE };
      }
      return { kind: "error", message: known ?? asSentence(result.error ?? "") };
    }
    default:
      return { kind: "error", message: "That did not work. Try again." };
  }
}

/** A thrown error as a sentence for the member (the store's message when it sent one). */
export function messageOfError(error: unknown): string {
  return errorSentence(error);
}
