/**
 * @module Members' passkeys under `/_api/iam`: sign in with a passkey alone
 * (`authentication/v2/webauthn/options` then `.../login`, a StateMachineResponse like login; the
 * second step is the protocol's factor verify with `webauthnData`), and the member's own
 * passkeys with their access token: list, add (after a recent sign-in), rename, remove.
 */
import type { PasskeyChanged, Passkeys } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { type CallerDeps, callerOfCredentials } from "../../platform/http/caller.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import { type IdentityContext, liveIdentity } from "../identity-context.ts";
import { toStateMachineResponse } from "../identity-view.ts";
import {
  finishRegistration,
  readPasskeyName,
  relyingPartyFor,
  startRegistration,
  toWirePasskey,
} from "../passkey-ceremony.ts";
import { memberPasskeySignIn, passkeyOptions } from "../passkey-sign-in.ts";
import type { PasskeyRow } from "../storage/passkeys-store.ts";

export type PasskeyRoutesOptions = { identity: IdentityContext; caller: CallerDeps };

type PasskeyParams = { Params: { passkeyId: string } };

const AUTH = "/_api/iam/authentication/v2/webauthn";
const OWN = "/_api/iam/passkeys/v1";

function body(request: FastifyRequest): Record<string, unknown> {
  if (!isPlainObject(request.body)) {
    throw validationError([violation("body", "must be a JSON object", "REQUIRED_FIELD")]);
  }
  return request.body;
}

export async function passkeyRoutes(
  app: FastifyInstance,
  options: PasskeyRoutesOptions,
): Promise<void> {
  const ctx = options.identity;
  const rpOf = (request: FastifyRequest) => relyingPartyFor(ctx, request);
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

  /** The signed-in member of the request's access token. */
  const member = (request: FastifyRequest) => {
    const caller = callerOfCredentials(request.headers.authorization, options.caller);
    if (caller.role !== "member") throw new ApiError("IDENTITY_MEMBER_REQUIRED");
    const identity = liveIdentity(ctx, caller.id);
    if (identity === null) throw new ApiError("IDENTITY_NOT_FOUND", [caller.id]);
    return { identity, sid: caller.sid };
  };

  app.post(`${AUTH}/options`, async (request, reply) => {
    const b = isPlainObject(request.body) ? request.body : {};
    noStore(reply);
    return passkeyOptions(ctx, rpOf(request), { stateToken: b.stateToken, address: request.ip });
  });

  app.post(`${AUTH}/login`, async (request, reply) => {
    const b = body(request);
    noStore(reply);
    const outcome = await memberPasskeySignIn(ctx, rpOf(request), {
      challengeId: b.challengeId,
      credential: b.credential,
      address: request.ip,
    });
    return toStateMachineResponse(outcome);
  });

  app.get(`${OWN}/passkeys`, async (request, reply): Promise<Passkeys> => {
    noStore(reply);
    return { passkeys: ctx.passkeys.ofIdentity(member(request).identity.id).map(toWirePasskey) };
  });

  // A stolen access token must not add a way back in: adding asks for a recent sign-in.
  app.post(`${OWN}/registration-options`, async (request, reply) => {
    const { identity, sid } = member(request);
    ctx.sessions.requireRecentSignIn(sid);
    noStore(reply);
    return startRegistration(ctx, rpOf(request), identity);
  });

  app.post(`${OWN}/passkeys`, async (request): Promise<PasskeyChanged> => {
    const b = body(request);
    const { identity, sid } = member(request);
    ctx.sessions.requireRecentSignIn(sid);
    const passkey = await finishRegistration(ctx, rpOf(request), identity, {
      challengeId: b.challengeId,
      credential: b.credential,
      name: b.name,
    });
    return { passkey: toWirePasskey(passkey) };
  });

  app.patch<PasskeyParams>(
    `${OWN}/passkeys/:passkeyId`,
    async (request): Promise<PasskeyChanged> => {
      const { identity } = member(request);
      const name = readPasskeyName(body(request).name);
      const id = request.params.passkeyId;
      if (!ctx.passkeys.rename(identity.id, id, name)) {
        throw new ApiError("PASSKEY_NOT_FOUND", [id.slice(0, 200)]);
      }
      return { passkey: toWirePasskey(ctx.passkeys.byCredentialId(id) as PasskeyRow) };
    },
  );

  app.delete<PasskeyParams>(`${OWN}/passkeys/:passkeyId`, async (request) => {
    const { identity } = member(request);
    const id = request.params.passkeyId;
    if (!ctx.passkeys.remove(identity.id, id)) {
      throw new ApiError("PASSKEY_NOT_FOUND", [id.slice(0, 200)]);
    }
    return {};
  });
}
