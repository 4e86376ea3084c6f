/**
 * @module The signed-in editor's own passkeys, for the owner and collaborators: list,
 * add (after a sign-in in the last 10 minutes, the members' rule), rename, remove. The ceremony
 * is the members' (identity/passkey-ceremony.ts).
 */
import type { PasskeyChanged, Passkeys } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { IdentityContext, PasskeyRow } from "../../identity/index.ts";
import {
  finishRegistration,
  readPasskeyName,
  relyingPartyFor,
  requireOwner,
  startRegistration,
  toWirePasskey,
} from "../../identity/index.ts";
import { ApiError } from "../../platform/errors.ts";
import { bodyObject } from "../../platform/http/body-object.ts";

type PasskeyParams = { Params: { passkeyId: string } };

export function registerPasskeyAccountRoutes(
  app: FastifyInstance,
  deps: { identity: IdentityContext },
): void {
  const ctx = deps.identity;
  const guarded = { preHandler: requireOwner };
  const rpOf = (request: FastifyRequest) => relyingPartyFor(ctx, request);

  function me(request: FastifyRequest) {
    const row = ctx.store.byId(request.owner?.session.identityId ?? "");
    if (row === null) throw new ApiError("OWNER_SIGN_IN_REQUIRED");
    return row;
  }
  const recentSignIn = (request: FastifyRequest) =>
    ctx.sessions.requireRecentSignIn(request.owner?.session.sid ?? "");

  app.get(
    "/api/account/passkeys",
    guarded,
    async (request): Promise<Passkeys> => ({
      passkeys: ctx.passkeys.ofIdentity(me(request).id).map(toWirePasskey),
    }),
  );

  app.post("/api/account/passkeys/options", guarded, async (request) => {
    recentSignIn(request);
    return startRegistration(ctx, rpOf(request), me(request));
  });

  app.post("/api/account/passkeys", guarded, async (request): Promise<PasskeyChanged> => {
    const body = bodyObject(request);
    recentSignIn(request);
    const passkey = await finishRegistration(ctx, rpOf(request), me(request), {
      challengeId: body.challengeId,
      credential: body.credential,
      name: body.name,
    });
    return { passkey: toWirePasskey(passkey) };
  });

  app.patch<PasskeyParams>(
    "/api/account/passkeys/:passkeyId",
    guarded,
    async (request): Promise<PasskeyChanged> => {
      const name = readPasskeyName(bodyObject(request).name);
      const id = request.params.passkeyId;
      if (!ctx.passkeys.rename(me(request).id, id, name)) {
        throw new ApiError("PASSKEY_NOT_FOUND", [id.slice(0, 200)]);
      }
      return { passkey: toWirePasskey(ctx.passkeys.byCredentialId(id) as PasskeyRow) };
    },
  );

  app.delete<PasskeyParams>("/api/account/passkeys/:passkeyId", guarded, async (request) => {
    const id = request.params.passkeyId;
    if (!ctx.passkeys.remove(me(request).id, id)) {
      throw new ApiError("PASSKEY_NOT_FOUND", [id.slice(0, 200)]);
    }
    return {};
  });
}
