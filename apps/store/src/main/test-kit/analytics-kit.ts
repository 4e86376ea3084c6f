/**
 * @module The staff who may read the analytics dashboard, signed in on an owner kit's store:
 * the owner and a collaborator (an editor identity with a password), with short GET calls.
 */
import type { LightMyRequestResponse } from "fastify";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { identityRow } from "./identity-rows.ts";
import { type OwnerKit, ownerPasswordHash, type SignedIn, signInOwner } from "./owner-signed-in.ts";

export const COLLABORATOR_EMAIL = "assistant@example.com";
const COLLABORATOR_PASSWORD = "the assistant's own long password";

/** Adds an active collaborator with a password and signs them in. */
export async function signedInCollaborator(kit: OwnerKit): Promise<SignedIn> {
  createIdentityStore(kit.db).insert(
    identityRow("collaborator-1", COLLABORATOR_EMAIL, {
      role: "editor",
      passwordHash: await ownerPasswordHash(COLLABORATOR_PASSWORD),
    }),
  );
  return signInOwner(kit.app, { email: COLLABORATOR_EMAIL, password: COLLABORATOR_PASSWORD });
}

/** A GET as `who` (or as nobody signed in). */
export function staffGet(
  kit: OwnerKit,
  url: string,
  who: SignedIn | null,
): Promise<LightMyRequestResponse> {
  return who === null
    ? kit.app.inject({ method: "GET", url })
    : kit.asOwner(who, { method: "GET", url });
}
