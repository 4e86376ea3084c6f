/**
 * @module Where the owner's notices go: their one address (every client upload, approval,
 * contact message and password reset is mailed to it), whether mail leaves the store, and a
 * test mail to that address, so the editor can say plainly until mail works. The owner only.
 */
import type { MailNotices, TestMailSent } from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import type { IdentityContext } from "../../identity/index.ts";
import { ownerNoticeAddress, requireOwnerRole, throttle } from "../../identity/index.ts";
import { ApiError } from "../../platform/errors.ts";
import type { MailCheckStore } from "../storage/mail-check-store.ts";

export type NoticeRoutesDeps = { identity: IdentityContext; mailChecks: MailCheckStore };

export function registerNoticeRoutes(app: FastifyInstance, deps: NoticeRoutesDeps): void {
  const { identity: ctx, mailChecks } = deps;
  const guarded = { preHandler: requireOwnerRole };

  app.get("/api/notices", guarded, async (): Promise<MailNotices> => {
    const ownerEmail = ownerNoticeAddress(ctx);
    const checked = mailChecks.checkedAt();
    return {
      ownerEmail,
      mailDelivers: ctx.mailDelivers,
      testedAt: checked === null ? null : new Date(checked).toISOString(),
      ready: ownerEmail !== null && ctx.mailDelivers && checked !== null,
    };
  });

  app.post("/api/notices/test-mail", guarded, async (): Promise<TestMailSent> => {
    const to = ownerNoticeAddress(ctx);
    if (to === null) throw new ApiError("OWNER_EMAIL_REQUIRED");
    throttle(ctx.limits.mailPerRecipient, to);
    try {
      await ctx.mailer.send({
        to,
        subject: "Test mail from your site",
        text:
          "This is the test mail you asked for in your editor. It reached you, so the " +
          "notices about your clients (uploads, sign-ups, messages) and your password resets " +
          "will reach you too.",
      });
    } catch (error) {
      ctx.logError(error, "test mail failed");
      throw new ApiError("MAIL_NOT_SENT", [error instanceof Error ? error.message : "unknown"]);
    }
    const at = ctx.now();
    if (ctx.mailDelivers) mailChecks.markChecked(at);
    return { sentTo: to, testedAt: new Date(at).toISOString() };
  });
}
