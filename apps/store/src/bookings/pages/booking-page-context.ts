/**
 * @module What the booking pages take from beside the booking wing, handed in by main/app.ts as
 * ports: the owner's words and brand, the contact form's bot defence, the trusted origin for
 * links, and the site's renderer (the built site's `renderBookingPage`, absent in API-only
 * stores, which answer the pages' JSON only).
 */
import type { BookingPageWords } from "@consultant/site-content";
import type { BookingView } from "@consultant/site-content/wire";
import type { SiteBrand } from "../../platform/pages/site-frame.ts";

/** The contact form's bot defence (contact/contact-service.ts `guard`), as the pages use it. */
export type BotDefence = {
  /** The hidden field people never see; a bot filling every input fills it. */
  trap: string;
  /** A signed form token bound to the client, for a page rendered for it. */
  issue(client: string): string;
  /** @returns the token's nonce. @throws ApiError when no person's form could have sent it. */
  check(form: { token: string; work: string }, client: string): string;
  /** Uses the token up. @throws ApiError when it was used before. */
  spend(nonce: string): void;
};

/** The built site's booking page: the document for a view, and the CSP it needs. */
export type BookingRenderer = { render(view: BookingView): string; policy: string };

export type BookingPageContext = {
  words: () => BookingPageWords;
  brand: () => SiteBrand;
  guard: BotDefence;
  /** PUBLIC_URL, else the owner's Site settings address, else null (links stay relative). */
  origin: () => string | null;
  renderer: Promise<BookingRenderer | null>;
};
