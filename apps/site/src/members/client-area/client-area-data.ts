/**
 * @module What the client area says beside the resources: whom it greets, what is new since the
 * client's last visit (remembered in this browser), and how to reach the owner.
 */
import type { PageSettings } from "@consultant/site-content";
import type { MemberMe } from "@consultant/site-content/wire";
import type { SharedResource } from "./shared-resources.ts";
import { safeHref } from "./shared-resources.ts";

/** The heading's greeting: the first name given at sign-up, else the e-mail. */
export function greetingOf(me: MemberMe | null): string {
  if (me === null) return "Client area";
  const name = me.firstName.trim() || me.email;
  return `Welcome, ${name}`;
}

/** The ids of resources changed after `lastVisit` (every one on a first visit). */
export function newSince(
  resources: readonly SharedResource[],
  lastVisit: string | null,
): Set<string> {
  const since = lastVisit === null ? Number.NEGATIVE_INFINITY : Date.parse(lastVisit);
  return new Set(
    resources
      .filter((resource) => resource.changedAt !== null && Date.parse(resource.changedAt) > since)
      .map((resource) => resource.id),
  );
}

/** The localStorage key of one client's last visit (two clients may share a browser). */
export function lastVisitKey(email: string): string {
  return `client-area-last-visit:${email.toLowerCase()}`;
}

export type OwnerContact = {
  name: string;
  email: string | null;
  /** `tel:` link target, digits and `+` only. */
  phone: { label: string; href: string } | null;
  bookingUrl: string | null;
};

/** The owner's ways to be reached, from the site settings; links only when they are safe. */
export function ownerContactOf(
  settings: Pick<PageSettings, "name" | "company" | "email" | "phone" | "bookingUrl">,
): OwnerContact {
  const email = settings.email.trim();
  const phone = settings.phone.trim();
  const dial = phone.replace(/[^\d+]/g, "");
  return {
    name: settings.name.trim() || settings.company.trim(),
    email: /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
    phone: dial.length >= 3 ? { label: phone, href: `tel:${dial}` } : null,
    bookingUrl: settings.bookingUrl.trim() ? safeHref(settings.bookingUrl) : null,
  };
}
