/** The calls of a member's passkeys through the routes, with the software authenticator. */
import type { LightMyRequestResponse } from "fastify";
import { type MemberKit, ORIGIN } from "./identity-kit.ts";
import { createSoftAuthenticator } from "./soft-authenticator.ts";

export const OWN = "/_api/iam/passkeys/v1";
export const AUTH = "/_api/iam/authentication/v2";

export type Authenticator = ReturnType<typeof createSoftAuthenticator>;
type RegistrationOptions = Parameters<Authenticator["create"]>[0] & Record<string, unknown>;
type RequestOptions = Parameters<Authenticator["get"]>[0] & Record<string, unknown>;

export type PasskeyCalls = ReturnType<typeof passkeyCalls>;

export function passkeyCalls(k: MemberKit) {
  const call = (
    method: "GET" | "PATCH" | "DELETE",
    url: string,
    token: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    k.app.inject({
      method,
      url,
      headers: {
        host: "store.test",
        authorization: token,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  const registrationOptions = async (token: string) => {
    const start = await k.post(`${OWN}/registration-options`, {}, { authorization: token });
    return start.json() as { challengeId: string; options: RegistrationOptions };
  };

  /** Sends a registration answer as the browser would (any JSON for its fields). */
  const finishRegistration = (token: string, body: Record<string, unknown>) =>
    k.post(`${OWN}/passkeys`, body, { authorization: token });

  const addPasskey = async (
    token: string,
    device: Authenticator,
    name?: string,
    origin = ORIGIN,
  ) => {
    const start = await registrationOptions(token);
    const credential = device.create(start.options, origin);
    return finishRegistration(token, {
      challengeId: start.challengeId,
      credential,
      ...(name === undefined ? {} : { name }),
    });
  };

  /** Options to sign in with a passkey; with `stateToken`, for that second-factor step. */
  const signInOptions = async (stateToken?: unknown) => {
    const body = stateToken === undefined ? {} : { stateToken };
    const answer = await k.post(`${AUTH}/webauthn/options`, body);
    return answer.json() as { challengeId: string; options: RequestOptions };
  };

  return {
    call,
    registrationOptions,
    finishRegistration,
    addPasskey,
    signInOptions,
    listPasskeys: async (token: string) =>
      (await call("GET", `${OWN}/passkeys`, token)).json().passkeys as {
        id: string;
        name: string;
        createdDate: string;
        lastUsedDate: string | null;
      }[],
    signIn: (challengeId: unknown, credential: unknown) =>
      k.post(`${AUTH}/webauthn/login`, { challengeId, credential }),
    /** The passkey as a second factor of the step `stateToken`. */
    verify: (stateToken: string, challengeId: unknown, credential: unknown) =>
      k.post(`${AUTH}/webauthn/verify`, { stateToken, webauthnData: { challengeId, credential } }),
    /** A new member, signed in, with one passkey on a software authenticator. */
    async memberWithPasskey(email: string) {
      const member = await k.signedInMember(email);
      const device = createSoftAuthenticator();
      const added = await addPasskey(member.token, device);
      if (added.statusCode !== 200) throw new Error(`no passkey added: ${added.body}`);
      return {
        ...member,
        device,
        passkeyId: (added.json() as { passkey: { id: string } }).passkey.id,
      };
    },
  };
}

/** A refusal as the client reads it: status, catalogue code and message. */
export function refusalOf(response: LightMyRequestResponse) {
  const body = response.json() as {
    message?: string;
    details?: { applicationError?: { code?: string } };
  };
  return {
    status: response.statusCode,
    code: body.details?.applicationError?.code,
    message: body.message,
  };
}

export const NOT_ACCEPTED = {
  status: 400,
  code: "PASSKEY_NOT_ACCEPTED",
  message: "The passkey was not accepted",
};
export const CHALLENGE_INVALID = {
  status: 400,
  code: "PASSKEY_CHALLENGE_INVALID",
  message: "This passkey request is invalid, expired or already used. Start again.",
};
