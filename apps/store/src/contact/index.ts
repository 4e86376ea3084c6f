/**
 * @module The contact wing: the visitor's message to the owner, its form, limits and storage.
 * The other wings import this wing through this face only.
 */

export type { ContactConfig } from "./contact-config.ts";
export { DEFAULT_CONTACT_CONFIG } from "./contact-config.ts";
export { type ContactGuard, registerContact } from "./contact-feature.ts";
export { contactRoutes } from "./contact-routes.ts";
export { createContactService } from "./contact-service.ts";
export type { ContactStore } from "./contact-store.ts";
export { createContactStore } from "./contact-store.ts";
export { contactWordsSource } from "./contact-words.ts";
