import { isRecord } from "../is-record.ts";
import type { SendJson } from "../request.ts";
import type {
  CaptchaTokens,
  EmailValidation,
  SignOnOptions,
  SignOnResult,
  VerifyFactorParams,
} from "./identity-types.ts";
import { type LoginResult, toLoginResult } from "./login-state.ts";
import { MemberPaths } from "./paths.ts";

async function post(send: SendJson, path: string, body: object, headers?: Record<string, string>) {
  const response = await send({
    method: "POST",
    path,
    body: JSON.stringify(body),
    ...(headers ? { headers } : {}),
  });
  return response.body;
}

// The SDK sends one token object with capitalised keys (docs/protocol.md §8); absent answers are dropped by JSON.
function captchaBody(tokens: CaptchaTokens | undefined) {
  return tokens
    ? {
        captchaTokens: [
          { Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken },
        ],
      }
    : {};
}

/** `POST /v2/register`; resolves with the mapped state (errors are mapped by the caller). */
export async function callRegister(
  send: SendJson,
  params: { email: string; password: string; profile?: object; captchaTokens?: CaptchaTokens },
): Promise<LoginResult> {
  const body = {
    loginId: { email: params.email },
    password: params.password,
    ...(params.profile ? { profile: params.profile } : {}),
    ...captchaBody(params.captchaTokens),
  };
  return toLoginResult(await post(send, MemberPaths.register, body));
}

/** `POST /v2/login`; resolves with the mapped state (errors are mapped by the caller). */
export async function callLogin(
  send: SendJson,
  params: { email: string; password: string; captchaTokens?: CaptchaTokens },
): Promise<LoginResult> {
  const body = {
    loginId: { email: params.email },
    password: params.password,
    ...captchaBody(params.captchaTokens),
  };
  return toLoginResult(await post(send, MemberPaths.login, body));
}

/** `POST /v2/{factorType}/verify` with the factor's data object. */
export async function callVerifyFactor(
  send: SendJson,
  params: VerifyFactorParams,
): Promise<LoginResult> {
  const { factorType, stateToken, code, rememberThisDevice = false } = params;
  const body = {
    stateToken,
    factorType,
    rememberThisDevice,
    [factorDataKey(factorType)]: { code },
  };
  return toLoginResult(await post(send, MemberPaths.verifyFactor(factorType), body));
}

// `RECOVERY_CODE` -> `recoveryCodeData`, `TOTP` -> `totpData` (docs/protocol.md §8).
function factorDataKey(factorType: string): string {
  const camel = factorType
    .toLowerCase()
    .replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  return `${camel}Data`;
}

/** `POST /v2/sign-on` with `Authorization: <access token>,<apiKey>`. */
export async function callSignOn(
  send: SendJson,
  authorization: string,
  email: string,
  options: SignOnOptions,
): Promise<SignOnResult> {
  const body = await post(
    send,
    MemberPaths.signOn,
    { loginId: { email }, ...options },
    { Authorization: authorization },
  );
  const record = isRecord(body) ? body : {};
  const identity = isRecord(record.identity) ? record.identity : {};
  const { id, ...rest } = identity;
  return {
    sessionToken: typeof record.sessionToken === "string" ? record.sessionToken : "",
    identity: { ...rest, _id: typeof id === "string" ? id : "" },
  };
}

/** `POST /v2/validate-email`. */
export async function callValidateEmail(send: SendJson, email: string): Promise<EmailValidation> {
  const body = await post(send, MemberPaths.validateEmail, { email });
  const record = isRecord(body) ? body : {};
  return { ...record, valid: record.valid === true } as EmailValidation;
}

/** Any call that answers `{}` on success. */
export async function callEmpty(
  send: SendJson,
  path: string,
  body: object,
  headers?: Record<string, string>,
): Promise<void> {
  await post(send, path, body, headers);
}

/** Any call that answers a StateMachineResponse. */
export async function callForState(
  send: SendJson,
  path: string,
  body: object,
): Promise<LoginResult> {
  return toLoginResult(await post(send, path, body));
}
