/**
 * @module A collaborator (role editor) as the owner makes one: invited by e-mail, the mailed
 * link taken up with a password, then signed in to the editor.
 */
import { type OwnerKit, type SignedIn, sessionCookieOf } from "./owner-signed-in.ts";

export const COLLABORATOR_EMAIL = "assistant@example.com";
export const COLLABORATOR_PASSWORD = "the assistant's own password";

async function lastMailTo(kit: OwnerKit, recipient: string): Promise<string> {
  await new Promise((resolve) => setImmediate(resolve));
  const row = kit.db
    .prepare("SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC")
    .get(recipient) as { body: string } | undefined;
  return row?.body ?? "";
}

/** The owner invites the collaborator, who accepts and signs in; both sessions, and their id. */
export async function signedInCollaborator(
  kit: OwnerKit,
): Promise<{ owner: SignedIn; editor: SignedIn; id: string }> {
  const owner = await kit.signedIn();
  const invite = await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/collaborators",
    payload: { email: COLLABORATOR_EMAIL },
  });
  const { id } = invite.json() as { id: string };
  const token = /token=([\w-]+)/.exec(await lastMailTo(kit, COLLABORATOR_EMAIL))?.[1];
  const accepted = await kit.app.inject({
    method: "POST",
    url: "/admin/api/reset",
    payload: { token, password: COLLABORATOR_PASSWORD },
  });
  if (accepted.statusCode !== 200) throw new Error(`invitation not taken up: ${accepted.body}`);
  const response = await kit.app.inject({
    method: "POST",
    url: "/admin/api/sign-in",
    payload: { email: COLLABORATOR_EMAIL, password: COLLABORATOR_PASSWORD },
  });
  const state = response.json() as { csrfToken: string; role?: string };
  if (state.role !== "editor") throw new Error(`collaborator not signed in: ${response.body}`);
  return {
    owner,
    id,
    editor: { cookie: sessionCookieOf(response), csrfToken: state.csrfToken },
  };
}
