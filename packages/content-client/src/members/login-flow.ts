/**
 * @module Register, login and the e-mail verification step between them. Like the SDK's `_state`,
 * the last EMAIL_VERIFICATION_REQUIRED result is remembered for processVerification and
 * resendVerificationCode.
 */
import { isRecord } from "../is-record.ts";
import type { SendJson } from "../request.ts";
import { callEmpty, callForState, callLogin, callRegister } from "./identity-calls.ts";
import {
  type LoginResult,
  LoginState,
  toLoginFailure,
  toRegisterFailure,
  UNKNOWN_STATE_MESSAGE,
} from "./login-state.ts";
import type { MemberAuth } from "./member-auth-types.ts";
import { MemberPaths } from "./paths.ts";

export type LoginFlow = Pick<
  MemberAuth,
  "register" | "login" | "processVerification" | "resendVerificationCode" | "startVerification"
>;

/** `sendAuthorized` sends with the visitor's or member's token. */
export function createLoginFlow(sendAuthorized: SendJson): LoginFlow {
  let pendingVerification: LoginResult = { loginState: LoginState.INITIAL };

  const remember = (result: LoginResult) => {
    if (result.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED) pendingVerification = result;
    return result;
  };

  return {
    async register(params) {
      try {
        return remember(await callRegister(sendAuthorized, params));
      } catch (error) {
        return toRegisterFailure(error);
      }
    },
    async login(params) {
      try {
        return remember(await callLogin(sendAuthorized, params));
      } catch (error) {
        return toLoginFailure(error);
      }
    },
    async processVerification(nextInputs, state) {
      const current = state ?? pendingVerification;
      if (current.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED) {
        return { loginState: LoginState.FAILURE, error: UNKNOWN_STATE_MESSAGE };
      }
      const code = nextInputs.verificationCode ?? nextInputs.code ?? "";
      return remember(
        await callForState(sendAuthorized, MemberPaths.verifyDuringAuthentication, {
          code,
          stateToken: current.data.stateToken,
        }),
      );
    },
    async resendVerificationCode(stateToken) {
      const token =
        stateToken ??
        (pendingVerification.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED
          ? pendingVerification.data.stateToken
          : undefined);
      if (!token) throw new Error(UNKNOWN_STATE_MESSAGE);
      await callEmpty(sendAuthorized, MemberPaths.resendDuringAuthentication, {
        stateToken: token,
      });
    },
    async startVerification(identityId) {
      const { body } = await sendAuthorized({
        method: "POST",
        path: MemberPaths.startVerification,
        body: JSON.stringify({ identityId, target: "EMAIL" }),
      });
      const stateToken =
        isRecord(body) && typeof body.stateToken === "string" ? body.stateToken : "";
      if (stateToken)
        remember({ loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: { stateToken } });
      return { stateToken };
    },
  };
}
