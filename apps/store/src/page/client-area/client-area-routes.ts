/**
 * @module The client area, `/members/client-area`: the signed-in member's home on the store's
 * own pages (their browser's page session), framed with the site's brand like every members'
 * page. Signing in on the members' pages lands here; `/client-area` and `/account` (the old
 * addresses, in mails sent before) redirect to it and to the account page.
 */
import type { MemberBooking, MemberFiles } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ItemsStore } from "../../data/index.ts";
import {
  browserMember,
  fieldOf,
  type IdentityContext,
  memberName,
  type PageMember,
  pageCsrf,
  sendPage,
} from "../../identity/index.ts";
import { ApiError } from "../../platform/errors.ts";
import { memberCookie, readMemberCookie } from "../../platform/http/request-origin.ts";
import {
  CLIENT_AREA_PATH,
  type SiteBrand,
  withSiteFrame,
} from "../../platform/pages/site-frame.ts";
import { ownerContact, resourcesFor } from "./client-area-data.ts";
import { CLIENT_AREA_JS } from "./client-area-script.ts";
import { CLIENT_AREA_SCRIPT_PATH, clientAreaPage } from "./client-area-views.ts";

/** The old addresses of the site's member pages, and where each now is. */
export const OLD_MEMBER_PAGES: Record<string, string> = {
  "/client-area": CLIENT_AREA_PATH,
  "/account": "/members/account",
};

/** The client area's view of the files wing (main/app.ts builds it), null without files. */
export type ClientAreaFiles = {
  list(memberId: string): MemberFiles;
  /** Stores the file the page's form sent (`multipart/form-data`); its id. */
  receive(request: FastifyRequest, member: PageMember): Promise<string>;
};

export type ClientAreaOptions = {
  identity: IdentityContext;
  items: ItemsStore;
  brand: () => SiteBrand;
  files: ClientAreaFiles | null;
  /** The member's bookings (the bookings wing, built in main/app.ts). */
  bookings?: (member: { id: string; email: string }, request: FastifyRequest) => MemberBooking[];
};

const LAST_VISIT_COOKIE = "member_last_visit";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The member's previous visit in this browser (epoch ms), null on the first. */
function lastVisitOf(request: FastifyRequest, memberId: string): number | null {
  const [id, ms] = (readMemberCookie(request, LAST_VISIT_COOKIE) ?? "").split(".");
  const at = Number(ms);
  return id === memberId && Number.isFinite(at) ? at : null;
}

export async function clientAreaRoutes(app: FastifyInstance, options: ClientAreaOptions) {
  const { identity: ctx, items, brand, files, bookings } = options;

  const render = (
    request: FastifyRequest,
    member: NonNullable<ReturnType<typeof browserMember>>,
    extra: { notice?: string; alert?: string },
  ) => {
    const id = member.identity.id;
    const markup = clientAreaPage({
      name: memberName(member.identity.profile),
      email: member.identity.email,
      csrf: pageCsrf(ctx, member),
      resources: resourcesFor(items, id, lastVisitOf(request, id)),
      contact: ownerContact(items),
      files: files === null ? null : files.list(id),
      bookings: bookings === undefined ? [] : bookings(member.identity, request),
      now: ctx.now(),
      ...extra,
    });
    return withSiteFrame(markup, brand());
  };

  app.get(CLIENT_AREA_PATH, async (request, reply) => {
    const member = browserMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    // The notice names the member's own upload, never a text the address brings.
    const sentId = fieldOf(request.query, "sent");
    const sent =
      sentId === ""
        ? undefined
        : files?.list(member.identity.id).uploads.find((upload) => upload.id === sentId);
    const page = render(
      request,
      member,
      sent === undefined ? {} : { notice: `${sent.name} was sent to the owner.` },
    );
    const visit = `${member.identity.id}.${ctx.now()}`;
    reply.header("set-cookie", memberCookie(request, LAST_VISIT_COOKIE, visit, YEAR_MS));
    return sendPage(reply, page);
  });

  // The form without its script (a browser without JavaScript): its file, streamed as it comes.
  app.register(async (scope) => {
    scope.addContentTypeParser("multipart/form-data", (_request, payload, done) =>
      done(null, payload),
    );
    scope.post(`${CLIENT_AREA_PATH}/send`, async (request, reply) => {
      const member = browserMember(ctx, request);
      if (member === null || files === null) return reply.redirect("/members/sign-in", 303);
      try {
        const id = await files.receive(request, member);
        return reply.redirect(`${CLIENT_AREA_PATH}?sent=${encodeURIComponent(id)}`, 303);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendPage(reply, render(request, member, { alert: error.message }), error.status);
      }
    });
  });

  app.get(CLIENT_AREA_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(CLIENT_AREA_JS),
  );

  for (const [from, to] of Object.entries(OLD_MEMBER_PAGES)) {
    app.get(from, async (_request, reply) => reply.redirect(to, 301));
  }
}
