/**
 * @module What a write request did, for the audit log: its action name and target, from the
 * route it matched. Reads sent as POST (queries, counts) are not changes; a write of /admin's
 * API that no rule names is still recorded, under its method and route.
 */

export type AuditedRequest = {
  method: string;
  route: string;
  params: Record<string, string>;
  body: unknown;
  query: Record<string, unknown>;
};

const READS_AS_POST =
  /\/(query|count|aggregate|distinct|is-referenced|query-referenced|query-distinct-values)$/;
/** Writes of /admin that change nothing kept, or whose change is a sign-in of its own. */
const NOT_CHANGES = new Set([
  "/admin/api/sign-in",
  "/admin/api/sign-in/code",
  "/admin/api/sign-out",
  "/admin/api/preview",
  "/admin/api/reset-request",
  "/admin/api/account/second-factor/start",
  // The invitations record themselves, with the client's name (invites/invite-routes.ts).
  "/admin/api/invites",
  "/admin/api/invites/:inviteId",
  "/admin/api/invites/:inviteId/resend",
  // A password set from a mailed link records itself, naming whose (owner/routes/reset-routes.ts).
  "/admin/api/reset",
  // The review records itself, naming the collaborator (owner/review/review-routes.ts).
  "/admin/api/review/setting",
  "/admin/api/review/:collectionId/send",
  "/admin/api/review/:collectionId/approve",
  "/admin/api/review/:collectionId/send-back",
]);

const MEMBER_ACTION = /^\/admin\/api\/members\/:memberId\/([a-z0-9-]+)$/;

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** "Services/abc" for one item; "Services" for a bulk call or a collection. */
function contentTarget(request: AuditedRequest): string | null {
  const collection =
    text(field(request.body, "dataCollectionId")) ??
    text(request.query.dataCollectionId) ??
    text(request.params.dataCollectionId) ??
    text(request.params.collectionId);
  const item =
    text(request.params.dataItemId) ??
    text(request.params.itemId) ??
    text(field(field(request.body, "dataItem"), "id")) ??
    text(field(field(request.body, "dataItem"), "_id")) ??
    text(field(request.body, "dataItemId"));
  if (collection === null) return item;
  return item === null ? collection : `${collection}/${item}`;
}

const DRAFTS_ACTIONS: Record<string, string> = {
  "PUT /admin/api/drafts": "draft.save",
  "DELETE /admin/api/drafts": "draft.discard",
  "POST /admin/api/drafts/publish": "draft.publish",
  "POST /admin/api/drafts/unpublish": "draft.unpublish",
  "POST /admin/api/preview-links": "preview-link.create",
  "DELETE /admin/api/preview-links/:id": "preview-link.revoke",
};

/** Drafts and preview links: a publish with `at` is a scheduling. */
function draftsAction(request: AuditedRequest): { action: string; target: string | null } | null {
  const action = DRAFTS_ACTIONS[`${request.method} ${request.route}`];
  if (action === undefined) return null;
  if (action.startsWith("preview-link")) {
    return { action, target: request.params.id ?? text(field(request.body, "label")) };
  }
  const scheduled = action === "draft.publish" && field(request.body, "at") != null;
  const collection = text(field(request.body, "collectionId"));
  const item = text(field(request.body, "itemId"));
  return {
    action: scheduled ? "draft.schedule" : action,
    target: collection !== null && item !== null ? `${collection}/${item}` : collection,
  };
}

/** The action and target of a successful write, or null when it changed nothing to record. */
export function auditActionOf(
  request: AuditedRequest,
): { action: string; target: string | null } | null {
  const { method, route } = request;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  if (NOT_CHANGES.has(route) || READS_AS_POST.test(route) || route.includes("graphql")) return null;
  const member = MEMBER_ACTION.exec(route);
  if (member) return { action: `member.${member[1]}`, target: request.params.memberId ?? null };
  // The deletion is named; the person is not (their id would lead back to nothing anyway).
  if (route === "/admin/api/members/:memberId") return { action: "member.delete", target: null };
  if (route.endsWith("/restore"))
    return { action: "content.restore", target: contentTarget(request) };
  if (route.startsWith("/admin/api/pictures")) {
    return {
      action:
        method === "DELETE"
          ? "picture.remove"
          : request.query.draft === "1"
            ? "picture.draft"
            : "picture.upload",
      target: text(request.query.slot) ?? text(request.query.id),
    };
  }
  if (route === "/admin/api/member-settings") return { action: "settings.members", target: null };
  const drafts = draftsAction(request);
  if (drafts !== null) return drafts;
  if (route.startsWith("/admin/api/collaborators")) {
    return method === "DELETE"
      ? { action: "role.revoke", target: request.params.id ?? null }
      : { action: "role.grant", target: text(field(request.body, "email")) };
  }
  if (route === "/admin/api/account/email") return { action: "account.email", target: null };
  if (route === "/admin/api/notices/test-mail")
    return { action: "notices.test-mail", target: null };
  if (route === "/admin/api/contact-messages/:messageId/status") {
    return { action: "message.status", target: text(field(request.body, "status")) };
  }
  if (route === "/admin/api/account/second-factor/confirm") {
    return { action: "account.second-factor-on", target: null };
  }
  if (route === "/admin/api/account/second-factor/off") {
    return { action: "account.second-factor-off", target: null };
  }
  if (route === "/admin/api/setup" || route === "/admin/api/reset") {
    return { action: "account.password-set", target: null };
  }
  if (
    route.startsWith("/admin/api/account/sessions") ||
    route === "/admin/api/sign-out-everywhere"
  ) {
    return { action: "session.end", target: null };
  }
  if (route.includes("/collections")) {
    return {
      action: method === "DELETE" ? "collection.remove" : "collection.save",
      target: contentTarget(request),
    };
  }
  if (route.includes("/items")) {
    const removes = method === "DELETE" || /\/(remove|truncate)$/.test(route);
    const references = route.includes("reference");
    return {
      action: references ? "content.references" : removes ? "content.remove" : "content.save",
      target: contentTarget(request),
    };
  }
  if (route.startsWith("/admin/api/")) return { action: `${method} ${route}`, target: null };
  return null;
}
