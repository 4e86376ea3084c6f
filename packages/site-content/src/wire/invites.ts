/**
 * @module The owner's invitations of clients, as `/admin/api/invites` answers them: who was
 * invited, what is shared with them when they arrive, and until when the link works. Times are
 * ISO-8601 strings.
 */

/** `POST /admin/api/invites`: a client to invite. */
export type InviteRequest = {
  email: string;
  name: string;
  /** A few words of the owner's, put in the mail. */
  message?: string;
  /** `ClientResources` items to give this client (their `memberId` becomes the client's). */
  resourceIds?: string[];
  /** The owner's private files to share with the client. */
  fileIds?: string[];
};

/** An invitation not yet taken up. */
export type PendingInvite = {
  id: string;
  email: string;
  name: string;
  invitedAt: string;
  expiresAt: string;
  resourceIds: string[];
  fileIds: string[];
};

/** `GET /admin/api/invites`. */
export type PendingInvites = { invites: PendingInvite[] };

/** `POST /admin/api/invites` and `POST /admin/api/invites/:id/resend`. */
export type InviteSent = { invite: PendingInvite };
