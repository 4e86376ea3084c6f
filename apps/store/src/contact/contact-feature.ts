/**
 * @module The contact wing assembled: its store, rules, words and routes on one database;
 * `main/app.ts` only wires it (docs/architecture.md, "The store's wings").
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ItemsStore } from "../data/index.ts";
import type { IdentityContext } from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import type { SiteBrand } from "../platform/pages/site-frame.ts";
import { type ContactConfig, DEFAULT_CONTACT_CONFIG } from "./contact-config.ts";
import { contactRoutes } from "./contact-routes.ts";
import { createContactService, type FormGuard, HONEYPOT_FIELD } from "./contact-service.ts";
import { createContactStore } from "./contact-store.ts";
import { contactWordsSource } from "./contact-words.ts";

export type ContactOptions = {
  db: Db;
  identity: IdentityContext;
  /** The owner's words for the form's pages (PageWords). */
  items: ItemsStore;
  brand: () => SiteBrand;
  config?: Partial<ContactConfig>;
  /** Told of each message accepted (the analytics' conversion port). */
  onAccepted?: (request: FastifyRequest) => void;
};

/** @returns the form's bot defence, for the site's other forms (main/booking-page-port.ts). */
export function registerContact(app: FastifyInstance, options: ContactOptions): ContactGuard {
  const contact = createContactService({
    db: options.db,
    messages: createContactStore(options.db),
    identity: options.identity,
    config: { ...DEFAULT_CONTACT_CONFIG, ...options.config },
  });
  const words = contactWordsSource(options.items);
  const { brand, onAccepted } = options;
  app.register(async (scope) =>
    contactRoutes(scope, { contact, words, brand, ...(onAccepted ? { onAccepted } : {}) }),
  );
  return { trap: HONEYPOT_FIELD, ...contact.guard };
}

/** The contact form's bot defence as another form uses it: its hidden field, tokens and checks. */
export type ContactGuard = FormGuard & { trap: string };
