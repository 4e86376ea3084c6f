import { isHttpError } from "../errors.ts";
import { isRecord } from "../is-record.ts";

/** Login flow statuses (docs/protocol.md §8.3), the SDK's `LoginState` values. */
export const LoginState = {
  INITIAL: "INITIAL",
  SUCCESS: "SUCCESS",
  FAILURE: "FAILURE",
  EMAIL_VERIFICATION_REQUIRED: "EMAIL_VERIFICATION_REQUIRED",
  OWNER_APPROVAL_REQUIRED: "OWNER_APPROVAL_REQUIRED",
  USER_CAPTCHA_REQUIRED: "USER_CAPTCHA_REQUIRED",
  SILENT_CAPTCHA_REQUIRED: "SILENT_CAPTCHA_REQUIRED",
} as const;

/** One of the values of {@link LoginState}. */
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

/** Why a sign-up or login failed (docs/protocol.md §8.2), the SDK's `errorCode` values. */
export type LoginErrorCode =
  | "invalidEmail"
  | "invalidPassword"
  | "resetPassword"
  | "missingCaptchaToken"
  | "invalidCaptchaToken"
  | "emailAlreadyExists";

/** The message of a result whose state the client does not know (docs/protocol.md §8.2). */
export const UNKNOWN_STATE_MESSAGE = "Unknown _state";

/** What register, login, processVerification and the second-factor step resolve with (the SDK's `StateMachine`). */
export type LoginResult =
  | { loginState: typeof LoginState.INITIAL }
  | { loginState: typeof LoginState.SUCCESS; data: { sessionToken: string } }
  | { loginState: typeof LoginState.EMAIL_VERIFICATION_REQUIRED; data: { stateToken: string } }
  | { loginState: typeof LoginState.OWNER_APPROVAL_REQUIRED }
  | {
      loginState:
        | typeof LoginState.USER_CAPTCHA_REQUIRED
        | typeof LoginState.SILENT_CAPTCHA_REQUIRED;
      data: { stateToken: string };
    }
  | LoginFailure;

/** A failed step: the message, the `errorCode` of docs/protocol.md §8.2 when one applies, and for a state the client does not handle (such as a second factor) the store's `state` and `stateToken`. */
export interface LoginFailure {
  loginState: typeof LoginState.FAILURE;
  error: string;
  errorCode?: LoginErrorCode;
  data?: { state: string; stateToken: string | null };
}

// Numeric application codes of docs/protocol.md §8.2, compared as strings like the SDK.
const MISSING_CAPTCHA = "-19971";
const INVALID_CAPTCHA = "-19970";
const EMAIL_EXISTS = "-19995";
const INVALID_PASSWORD = "-19976";
const RESET_PASSWORD = "-19973";

/**
 * Maps a StateMachineResponse body (docs/protocol.md §8.1) to a {@link LoginResult} as `OAuthStrategy` does (docs/protocol.md §8.2).
 *
 * @throws never.
 */
export function toLoginResult(body: unknown): LoginResult {
  const response = isRecord(body) ? body : {};
  const state = typeof response.state === "string" ? response.state : "";
  const stateToken = typeof response.stateToken === "string" ? response.stateToken : null;
  if (state === "SUCCESS" && typeof response.sessionToken === "string") {
    return { loginState: LoginState.SUCCESS, data: { sessionToken: response.sessionToken } };
  }
  if (state === "REQUIRE_OWNER_APPROVAL") return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
  if (state === "REQUIRE_EMAIL_VERIFICATION" && stateToken !== null) {
    return { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: { stateToken } };
  }
  return {
    loginState: LoginState.FAILURE,
    error: UNKNOWN_STATE_MESSAGE,
    ...(state ? { data: { state, stateToken } } : {}),
  };
}

/**
 * Turns a refused register call into a FAILURE result (docs/protocol.md §8.2): a field violation of
 * type EMAIL -> `invalidEmail`; `-19971`, `-19970`, `-19995` -> `missingCaptchaToken`,
 * `invalidCaptchaToken`, `emailAlreadyExists`; anything else carries no code.
 *
 * @throws the error itself when it is not an {@link HttpError} (no answer, time-out).
 */
export function toRegisterFailure(error: unknown): LoginFailure {
  if (!isHttpError(error)) throw error;
  const emailViolation = error.details?.validationError?.fieldViolations?.find(
    (violation) => isRecord(violation.data) && violation.data.type === "EMAIL",
  );
  if (emailViolation) {
    return failure(emailViolation.description, "invalidEmail");
  }
  const code = String(error.details?.applicationError?.code ?? "");
  const errorCode =
    code === MISSING_CAPTCHA
      ? "missingCaptchaToken"
      : code === INVALID_CAPTCHA
        ? "invalidCaptchaToken"
        : code === EMAIL_EXISTS
          ? "emailAlreadyExists"
          : undefined;
  return failure(error.message, errorCode);
}

/**
 * A refused login call as a FAILURE result (docs/protocol.md §8.2): `-19971`, `-19970`, `-19976`,
 * `-19973` -> `missingCaptchaToken`, `invalidCaptchaToken`, `invalidPassword`, `resetPassword`;
 * any other application error -> `invalidEmail`, like the SDK. Unlike the SDK, a validation error
 * gets `invalidEmail` only for an EMAIL violation, and throttling (429) and a refusal (403: the
 * store's MEMBER_BLOCKED) get no code, so a user is not told the address is wrong.
 *
 * @throws the error itself when it is not an {@link HttpError} (no answer, time-out).
 */
export function toLoginFailure(error: unknown): LoginFailure {
  if (!isHttpError(error)) throw error;
  // Throttled, or refused for a reason the member must read (a blocked account): no code.
  if (error.status === 429 || error.status === 403) return failure(error.message, undefined);
  const violations = error.details?.validationError?.fieldViolations;
  if (violations) {
    const email = violations.some((v) => isRecord(v.data) && v.data.type === "EMAIL");
    return failure(error.message, email ? "invalidEmail" : undefined);
  }
  const code = String(error.details?.applicationError?.code ?? "");
  const errorCode =
    code === MISSING_CAPTCHA
      ? "missingCaptchaToken"
      : code === INVALID_CAPTCHA
        ? "invalidCaptchaToken"
        : code === INVALID_PASSWORD
          ? "invalidPassword"
          : code === RESET_PASSWORD
            ? "resetPassword"
            : "invalidEmail";
  return failure(error.message, errorCode);
}

function failure(error: string, errorCode: LoginErrorCode | undefined): LoginFailure {
  return { loginState: LoginState.FAILURE, error, ...(errorCode ? { errorCode } : {}) };
}
