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

/** The signed-in editor's own account (`/admin#account`). */
export const ACCOUNT_SECTION = "account";

/** What the editor shows: a collection, the Members view, or the Account view. */
export type EditorSection =
  | CollectionName
  | typeof MEMBERS_SECTION
  | typeof MESSAGES_SECTION
  | typeof FILES_SECTION
  | typeof PREVIEW_LINKS_SECTION
  | typeof ACCOUNT_SECTION;

function fromHash(): EditorSection {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash === MEMBERS_SECTION) return MEMBERS_SECTION;
  if (hash === MESSAGES_SECTION) return MESSAGES_SECTION;
  if (hash === ACCOUNT_SECTION) return ACCOUNT_SECTION;
  if (hash === FILES_SECTION) return FILES_SECTION;
  if (hash === PREVIEW_LINKS_SECTION) return PREVIEW_LINKS_SECTION;
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
