import type { CollectionName } from "@consultant/site-content";
import {
  EDITOR_COLLECTIONS,
  type EditorCollection,
  findCollection,
} from "@consultant/site-content/editor";
import { useEffect, useState } from "react";

/** The Members view's place in the address (`/admin#members`). */
export const MEMBERS_SECTION = "members";

/** The contact form's messages (`/admin#messages`), the owner's only. */
export const MESSAGES_SECTION = "messages";
/** The Files view (`/admin#files`): files shared with clients and sent by them. */
export const FILES_SECTION = "files";

/** Secret links that show the page with the drafts (`/admin#preview-links`), the owner's. */
export const PREVIEW_LINKS_SECTION = "preview-links";

/** Who came and what they did (`/admin#analytics`): the owner's and collaborators'. */
export const ANALYTICS_SECTION = "analytics";
/** The owner's booking area (`/admin#booking`): agenda, services, hours, rules, calendar. */
export const BOOKING_SECTION = "booking";
/** What collaborators sent for the owner's review (`/admin#review`), the owner's. */
export const REVIEW_SECTION = "review";

/** The signed-in editor's own account (`/admin#account`). */
export const ACCOUNT_SECTION = "account";
/** The id of the two-step verification's heading in the Account view (`#account/<it>`). */
export const TWO_FACTOR_TARGET = "two-factor-heading";

/** What the editor shows: a collection, the Members view, or the Account view. */
export type EditorSection =
  | CollectionName
  | typeof MEMBERS_SECTION
  | typeof MESSAGES_SECTION
  | typeof FILES_SECTION
  | typeof PREVIEW_LINKS_SECTION
  | typeof ANALYTICS_SECTION
  | typeof BOOKING_SECTION
  | typeof REVIEW_SECTION
  | typeof ACCOUNT_SECTION;

/**
 * The address's hash: a section, and after a "/" the id of the field to land on
 * (`/admin#SiteSettings/f-SiteSettings-site-bookingUrl`, the checklist's links).
 */
function hashParts(): [section: string, target: string] {
  const hash = decodeURIComponent(location.hash.slice(1));
  const slash = hash.indexOf("/");
  return slash === -1 ? [hash, ""] : [hash.slice(0, slash), hash.slice(slash + 1)];
}

function fromHash(): EditorSection {
  const [hash] = hashParts();
  if (hash === MEMBERS_SECTION) return MEMBERS_SECTION;
  if (hash === MESSAGES_SECTION) return MESSAGES_SECTION;
  if (hash === ACCOUNT_SECTION) return ACCOUNT_SECTION;
  if (hash === FILES_SECTION) return FILES_SECTION;
  if (hash === PREVIEW_LINKS_SECTION) return PREVIEW_LINKS_SECTION;
  if (hash === ANALYTICS_SECTION) return ANALYTICS_SECTION;
  if (hash === BOOKING_SECTION) return BOOKING_SECTION;
  if (hash === REVIEW_SECTION) return REVIEW_SECTION;
  return findCollection(hash)?.id ?? (EDITOR_COLLECTIONS[0] as EditorCollection).id;
}

/** The section in the address (`/admin#Services`, `/admin#members`), so reloads and links keep the place. */
export function useSelectedSection(): EditorSection {
  const [selected, setSelected] = useState<EditorSection>(fromHash);
  useEffect(() => {
    const onHashChange = () => setSelected(fromHash());
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);
  return selected;
}

/** How long the field named in the hash is waited for (its section may still be loading). */
const TARGET_WAIT_MS = 5_000;

/** Lands on the field the hash names after its section: scrolled to the middle and focused. */
export function useHashTarget(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const land = () => {
      clearTimeout(timer);
      const [, target] = hashParts();
      if (target === "") return;
      const until = Date.now() + TARGET_WAIT_MS;
      const attempt = () => {
        const element = document.getElementById(target);
        if (element !== null && element.closest("[hidden]") === null) {
          if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) {
            element.setAttribute("tabindex", "-1");
          }
          element.focus({ preventScroll: true });
          element.scrollIntoView({ block: "center" });
        } else if (Date.now() < until) timer = setTimeout(attempt, 100);
      };
      attempt();
    };
    land();
    window.addEventListener("hashchange", land);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("hashchange", land);
    };
  }, []);
}
