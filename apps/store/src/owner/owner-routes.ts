/**
 * @module The owner editor's HTTP surface under `/admin`: the editor page, its session API,
 * content reads and preview, and history. Errors keep the protocol's body shape; nothing
 * under `/admin` is cached.
 */

import type { FastifyInstance } from "fastify";
import type { ContactStore } from "../contact/index.ts";
import type { ItemHistory, ItemsStore } from "../data/index.ts";
import type { AuditLog, IdentityContext, MemberData, OwnerSessions } from "../identity/index.ts";
import type { MediaFiles } from "../media/index.ts";
import { pictureRoutes } from "../media/index.ts";
import { loadSite } from "../page/index.ts";
import type { AccessStore } from "../platform/db/access-store.ts";
import { toErrorBody } from "../platform/errors.ts";
import { toApiError } from "../platform/http/error-handler.ts";
import type { Semaphore } from "../platform/limits/semaphore.ts";
import type { OwnerCredentials } from "./credentials.ts";
import type { DraftsFeature } from "./drafts/drafts-feature.ts";
import { refuseUnreviewed } from "./review/review-guard.ts";
import { registerReviewRoutes } from "./review/review-routes.ts";
import type { Review } from "./review/review-service.ts";
import { registerAccountRoutes } from "./routes/account-routes.ts";
import { registerCollaboratorRoutes } from "./routes/collaborator-routes.ts";
import { registerContactMessageRoutes } from "./routes/contact-message-routes.ts";
import { registerContentRoutes } from "./routes/content-routes.ts";
import { registerDraftRoutes } from "./routes/draft-routes.ts";
import {
  editorContentSecurityPolicy,
  readEditorShell,
  registerEditorShell,
} from "./routes/editor-shell.ts";
import { registerHistoryRoutes } from "./routes/history-routes.ts";
import { registerMemberRoutes } from "./routes/member-routes.ts";
import { registerNoticeRoutes } from "./routes/notice-routes.ts";
import { registerPasskeyAccountRoutes } from "./routes/passkey-account-routes.ts";
import { registerPreviewLinkRoutes } from "./routes/preview-link-routes.ts";
import { registerResetRoutes } from "./routes/reset-routes.ts";
import { registerSecurityRoutes } from "./routes/security-routes.ts";
import { registerSessionRoutes } from "./routes/session-routes.ts";
import type { SignInLimiter } from "./sign-in-limiter.ts";
import type { MailCheckStore } from "./storage/mail-check-store.ts";

export type OwnerMedia = { files: MediaFiles; processing: Semaphore };

export type OwnerRoutesOptions = {
  store: ItemsStore;
  credentials: OwnerCredentials;
  sessions: OwnerSessions;
  history: ItemHistory;
  limiter: SignInLimiter;
  verifications: Semaphore;
  now: () => number;
  idleMs: number;
  /** Members: the editor's Members view acts on them. */
  identity: IdentityContext;
  /** PUBLIC_URL, else the store's listening address: the origin of mailed links (never Host). */
  origin: () => string;
  /** Drafts, publishing and preview links. */
  drafts: DraftsFeature;
  /** The built site (for the editor page and previews); omitted in API-only tests. */
  siteDir?: string;
  /** Picture uploads; off without it. */
  media?: OwnerMedia;
  /** The contact form's messages. */
  messages: ContactStore;
  /** The audit log the editor's security page reads. */
  audit: AuditLog;
  /** Erases a member the owner deletes, every row about them. */
  memberData: MemberData;
  /** When a test mail to the owner last left the store. */
  mailChecks: MailCheckStore;
  /** The owner's review of collaborators' changes. */
  review: Review;
  /** Who may write what: asked whether a collaborator's changes wait for review. */
  access: AccessStore;
};

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export async function ownerRoutes(app: FastifyInstance, options: OwnerRoutesOptions) {
  const site = options.siteDir === undefined ? null : await loadSite(options.siteDir);

  app.setErrorHandler((error: unknown, request, reply) => {
    const apiError = toApiError(error, request.headers["content-type"], request.id);
    if (apiError.status >= 500) request.log.error({ err: error }, "owner request failed");
    // A busy or throttled sign-in says when to come back.
    const retryAfter = apiError.data.retryAfterSeconds;
    if (typeof retryAfter === "number" && retryAfter > 0 && !reply.hasHeader("retry-after")) {
      reply.header("retry-after", String(retryAfter));
    }
    return reply.code(apiError.status).type(JSON_CONTENT_TYPE).send(toErrorBody(apiError));
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  registerEditorShell(
    app,
    readEditorShell(options.siteDir),
    editorContentSecurityPolicy(options.siteDir),
  );
  registerSessionRoutes(app, options);
  registerContentRoutes(app, { store: options.store, site });
  registerHistoryRoutes(app, options);
  registerDraftRoutes(app, { ...options, drafts: options.drafts.drafts });
  registerReviewRoutes(app, options);
  registerPreviewLinkRoutes(app, { links: options.drafts.links, origin: options.origin });
  registerMemberRoutes(app, options.identity, options.memberData);
  registerSecurityRoutes(app, options);
  registerAccountRoutes(app, options);
  registerNoticeRoutes(app, options);
  registerPasskeyAccountRoutes(app, options);
  registerCollaboratorRoutes(app, options);
  registerResetRoutes(app, options);
  registerContactMessageRoutes(app, options.messages);
  if (options.media) {
    await app.register(pictureRoutes, {
      store: options.store,
      media: options.media.files,
      processing: options.media.processing,
      now: options.now,
      refuseLive: (request) => refuseUnreviewed(request, options.access),
    });
  }
}
