import { describe, expect, test } from "vitest";
import { BLOCKED_MESSAGE, outcomeOf } from "./account-steps.ts";

describe("what a login result leads to", () => {
  test("success hands over the session token", () => {
    expect(outcomeOf({ loginState: "SUCCESS", data: { sessionToken: "s" } })).toEqual({
      kind: "session",
      sessionToken: "s",
    });
  });

  test("a pending e-mail asks for the code, a pending approval says so", () => {
    expect(
      outcomeOf({ loginState: "EMAIL_VERIFICATION_REQUIRED", data: { stateToken: "t" } }),
    ).toEqual({ kind: "step", step: { view: "verify-email" } });
    expect(outcomeOf({ loginState: "OWNER_APPROVAL_REQUIRED" })).toEqual({
      kind: "step",
      step: { view: "awaiting-approval" },
    });
  });

  test("a second factor asks for the code with the step's token", () => {
    const result = {
      loginState: "FAILURE",
      error: "Unknown _state",
      data: { state: "REQUIRE_MFA", stateToken: "mfa" },
    } as const;
    expect(outcomeOf(result)).toEqual({
      kind: "step",
      step: { view: "second-factor", stateToken: "mfa" },
    });
  });

  test("a wrong password reads the same as an unknown address", () => {
    const outcome = outcomeOf({
      loginState: "FAILURE",
      error: "wrong",
      errorCode: "invalidPassword",
    });
    expect(outcome).toEqual({
      kind: "error",
      message: "The e-mail address or the password is wrong.",
    });
  });

  test("a blocked member is told to contact the owner", () => {
    const error = "This account is blocked. Contact the site's owner to ask about it.";
    expect(outcomeOf({ loginState: "FAILURE", error })).toEqual({
      kind: "error",
      message: BLOCKED_MESSAGE,
    });
  });

  test("a refusal without a code shows the store's message", () => {
    expect(outcomeOf({ loginState: "FAILURE", error: "Too many attempts" })).toEqual({
      kind: "error",
      message: "Too many attempts.",
    });
  });
});
