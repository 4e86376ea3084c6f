import type { CollectionName } from "@consultant/site-content";
import {
  EDITOR_COLLECTIONS,
  type EditorCollection,
  findCollection,
} from "@consultant/site-content/editor";
import { useEffect, useState } from "react";

function fromHash(): CollectionName {
  return (
    findCollection(decodeURIComponent(location.hash.slice(1)))?.id ??
    (EDITOR_COLLECTIONS[0] as EditorCollection).id
  );
}

/** The collection in the address (`/admin#Services`), so reloads and links keep the place. */
export function useSelectedCollection(): CollectionName {
  const [selected, setSelected] = useState<CollectionName>(fromHash);
  useEffect(() => {
    const onHashChange = () => setSelected(fromHash());
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);
  return selected;
}
