/**
 * @module The invites wing: the owner invites a client by e-mail (name, a few words, what to
 * share on arrival); pending invitations listed, resent, withdrawn; the client takes one up from
 * the mailed link. The other wings import this wing through this face only.
 */
export type { Inviter } from "./invite-mails.ts";
export { invitePage } from "./invite-page.ts";
export { inviteRoutes } from "./invite-routes.ts";
export type { InviteDeps, InviteFiles } from "./invite-service.ts";
export { registerInvites } from "./invites-feature.ts";
export { createInvitesStore } from "./invites-store.ts";
