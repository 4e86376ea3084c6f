/**
 * @module Where the owner's notices go (`/admin/api/notices`) and the owner's invitations of
 * clients (`/admin/api/invites`), typed, over the editor's signed-in client.
 */
import type {
  InviteRequest,
  InviteSent,
  MailNotices,
  PendingInvite,
  PendingInvites,
  TestMailSent,
} from "@consultant/site-content/wire";
import type { EditorApi } from "./editor-api.ts";

export type { InviteRequest, MailNotices, PendingInvite };

const ROOT = "/admin/api";

export type NoticesApi = ReturnType<typeof createNoticesApi>;

export function createNoticesApi({ call }: Pick<EditorApi, "call">) {
  return {
    notices(): Promise<MailNotices> {
      return call<MailNotices>({ method: "GET", path: `${ROOT}/notices` });
    },
    testMail(): Promise<TestMailSent> {
      return call<TestMailSent>({ method: "POST", path: `${ROOT}/notices/test-mail`, body: {} });
    },
    async invites(): Promise<PendingInvite[]> {
      return (await call<PendingInvites>({ method: "GET", path: `${ROOT}/invites` })).invites;
    },
    async invite(request: InviteRequest): Promise<PendingInvite> {
      return (await call<InviteSent>({ method: "POST", path: `${ROOT}/invites`, body: request }))
        .invite;
    },
    async resendInvite(id: string): Promise<PendingInvite> {
      const path = `${ROOT}/invites/${encodeURIComponent(id)}/resend`;
      return (await call<InviteSent>({ method: "POST", path, body: {} })).invite;
    },
    async revokeInvite(id: string): Promise<void> {
      await call({ method: "DELETE", path: `${ROOT}/invites/${encodeURIComponent(id)}` });
    },
  };
}
