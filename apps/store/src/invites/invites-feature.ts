/**
 * @module Assembles the invitations: their store, the owner's routes and the client's page, so
 * `main/app.ts` only wires. The consultant's name and the site's come from Site settings.
 */
import { SETTINGS_ITEM_ID } from "@consultant/site-content";
import type { FastifyInstance } from "fastify";
import type { ItemsStore } from "../data/index.ts";
import type { AuditLog, IdentityContext } from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import type { SiteBrand } from "../platform/pages/site-frame.ts";
import type { Inviter } from "./invite-mails.ts";
import { invitePage } from "./invite-page.ts";
import { inviteRoutes } from "./invite-routes.ts";
import type { InviteFiles } from "./invite-service.ts";
import { createInvitesStore } from "./invites-store.ts";

export type InvitesOptions = {
  db: Db;
  identity: IdentityContext;
  items: ItemsStore;
  files: InviteFiles | null;
  audit: AuditLog;
  brand: () => SiteBrand;
};

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The consultant's name and their site's, from Site settings. */
export function inviterOf(items: ItemsStore): Inviter {
  const settings = items.getItem("SiteSettings", SETTINGS_ITEM_ID)?.data ?? {};
  const name = text(settings.name) || text(settings.company) || "Your consultant";
  return { name, site: text(settings.company) || text(settings.title) || name };
}

export function registerInvites(app: FastifyInstance, options: InvitesOptions): void {
  const deps = {
    db: options.db,
    invites: createInvitesStore(options.db),
    identity: options.identity,
    items: options.items,
    files: options.files,
    audit: options.audit,
    inviter: () => inviterOf(options.items),
  };
  app.register(inviteRoutes, deps);
  app.register(invitePage, {
    ...deps,
    brand: options.brand,
    passwordMinLength: options.identity.config.passwordMinLength,
  });
}
