import type { CollectionName } from "@consultant/site-content";
import {
  EDITOR_COLLECTIONS,
  type EditorCollection,
  findCollection,
} from "@consultant/site-content/editor";
import { useEffect, useState } from "react";

/** The Members view's place in the address (`/admin#members`). */
export const MEMBERS_SECTION = "members";

/** What the editor shows: a collection, or the Members view. */
export type EditorSection = CollectionName | typeof MEMBERS_SECTION;

function fromHash(): EditorSection {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash === MEMBERS_SECTION) return MEMBERS_SECTION;
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
