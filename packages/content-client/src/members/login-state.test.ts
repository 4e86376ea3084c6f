import { describe, expect, it } from "vitest";
import type { HttpError } from "../errors.ts";
import { toHttpError } from "../http-error-mapping.ts";
import { toLoginFailure, toLoginResult, toRegisterFailure } from "./login-state.ts";

const request = { method: "POST", url: "http://store.test/_api/iam/authentication/v2/login" };

function refusal(status: number, body: unknown): HttpError {
  return toHttpError({ status, statusText: "", body, requestId: "req-1", request });
}

const applicationError = (code: string, description = "refused") =>
  refusal(400, {
    message: "refused",
    details: { applicationError: { code, description, data: {} } },
  });

describe("states of a StateMachineResponse", () => {
  it("turns SUCCESS into SUCCESS with the session token", () => {
    expect(toLoginResult({ state: "SUCCESS", sessionToken: "st", identity: {} })).toEqual({
      loginState: "SUCCESS",
      data: { sessionToken: "st" },
    });
  });

  it("turns REQUIRE_EMAIL_VERIFICATION into EMAIL_VERIFICATION_REQUIRED with the state token", () => {
    expect(toLoginResult({ state: "REQUIRE_EMAIL_VERIFICATION", stateToken: "tok" })).toEqual({
      loginState: "EMAIL_VERIFICATION_REQUIRED",
      data: { stateToken: "tok" },
    });
  });

  it("turns REQUIRE_OWNER_APPROVAL into OWNER_APPROVAL_REQUIRED", () => {
    expect(toLoginResult({ state: "REQUIRE_OWNER_APPROVAL" })).toEqual({
      loginState: "OWNER_APPROVAL_REQUIRED",
    });
  });

  it("answers FAILURE 'Unknown _state' for another state, keeping its state token", () => {
    expect(toLoginResult({ state: "REQUIRE_MFA", stateToken: "mfa" })).toEqual({
      loginState: "FAILURE",
      error: "Unknown _state",
      data: { state: "REQUIRE_MFA", stateToken: "mfa" },
    });
  });

  it("answers FAILURE 'Unknown _state' for a body without a state", () => {
    expect(toLoginResult({})).toEqual({ loginState: "FAILURE", error: "Unknown _state" });
  });
});

describe("refused register", () => {
  it.each([
    ["-19971", "missingCaptchaToken"],
    ["-19970", "invalidCaptchaToken"],
    ["-19995", "emailAlreadyExists"],
  ])("maps code %s to %s", (code, errorCode) => {
    expect(toRegisterFailure(applicationError(code, "why"))).toEqual({
      loginState: "FAILURE",
      error: "refused: why",
      errorCode,
    });
  });

  it("maps an EMAIL field violation to invalidEmail with its description", () => {
    const error = refusal(400, {
      message: "invalid",
      details: {
        validationError: {
          fieldViolations: [
            { field: "loginId.email", description: "must be an e-mail", data: { type: "EMAIL" } },
          ],
        },
      },
    });

    expect(toRegisterFailure(error)).toEqual({
      loginState: "FAILURE",
      error: "must be an e-mail",
      errorCode: "invalidEmail",
    });
  });

  it("gives no code to another refusal", () => {
    expect(toRegisterFailure(applicationError("-19976"))).toEqual({
      loginState: "FAILURE",
      error: "refused",
    });
  });

  it("rethrows a failure without an answer", () => {
    const offline = new TypeError("fetch failed");

    expect(() => toRegisterFailure(offline)).toThrow(offline);
  });
});

describe("refused login", () => {
  it.each([
    ["-19971", "missingCaptchaToken"],
    ["-19970", "invalidCaptchaToken"],
    ["-19976", "invalidPassword"],
    ["-19973", "resetPassword"],
    ["-19999", "invalidEmail"],
  ])("maps code %s to %s", (code, errorCode) => {
    expect(toLoginFailure(applicationError(code))).toMatchObject({
      loginState: "FAILURE",
      errorCode,
    });
  });

  it("keeps the store's message as the error", () => {
    expect(toLoginFailure(applicationError("-19976", "Wrong password")).error).toBe(
      "refused: Wrong password",
    );
  });

  it("does not call a throttled login an invalid e-mail", () => {
    const throttled = refusal(429, {
      message: "Too many attempts",
      details: {
        applicationError: { code: "TOO_MANY_REQUESTS", description: "Too many attempts" },
      },
    });

    expect(toLoginFailure(throttled)).toEqual({
      loginState: "FAILURE",
      error: "Too many attempts",
    });
  });

  it("tells a blocked member the store's sentence, not that the address is invalid", () => {
    const blocked = refusal(403, {
      message: "This account is blocked. Contact the site's owner to ask about it.",
      details: {
        applicationError: {
          code: "MEMBER_BLOCKED",
          description: "This account is blocked. Contact the site's owner to ask about it.",
        },
      },
    });

    expect(toLoginFailure(blocked)).toEqual({
      loginState: "FAILURE",
      error: "This account is blocked. Contact the site's owner to ask about it.",
    });
  });

  it("maps a validation error without an EMAIL violation to a failure without code", () => {
    const error = refusal(400, {
      message: "invalid",
      details: {
        validationError: { fieldViolations: [{ field: "password", description: "is required" }] },
      },
    });

    expect(toLoginFailure(error)).toEqual({
      loginState: "FAILURE",
      error: 'INVALID_ARGUMENT: "password" is required',
    });
  });
});
