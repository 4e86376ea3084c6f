/** The store's owner with an e-mail address on a member kit's store: who the approval alerts reach. */
import type { LightMyRequestResponse } from "fastify";
import { hashPassword } from "../../identity/password.ts";
import { createOwnerCredentials } from "../../owner/credentials.ts";
import type { MemberKit } from "./identity-kit.ts";

export const OWNER_EMAIL = "owner@example.com";
export const OWNER_PASSWORD = "the owner's long test password";

export type OwnerCalls = (
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/** Sets the owner's password, signs in to the editor and gives the owner `email`. */
export async function ownerWithEmail(k: MemberKit, email = OWNER_EMAIL): Promise<OwnerCalls> {
  createOwnerCredentials(k.db, () => k.clock.ms).setPasswordHash(
    await hashPassword(OWNER_PASSWORD),
  );
  const signIn = await k.app.inject({
    method: "POST",
    url: "/admin/api/sign-in",
    payload: { password: OWNER_PASSWORD },
  });
  const cookie = String([signIn.headers["set-cookie"]].flat()[0]).split(";")[0] ?? "";
  const csrf = String(signIn.json().csrfToken);
  const asOwner: OwnerCalls = (method, url, payload) =>
    k.app.inject({
      method,
      url,
      headers: { cookie, "x-csrf-token": csrf },
      ...(payload === undefined ? {} : { payload }),
    });
  const set = await asOwner("PUT", "/admin/api/account/email", {
    email,
    password: OWNER_PASSWORD,
  });
  if (set.statusCode !== 200) throw new Error(`owner e-mail not set: ${set.body}`);
  return asOwner;
}
