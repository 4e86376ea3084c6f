import { useEffect, useState } from "react";
import { type CollectionId, EDITOR_COLLECTIONS, findCollection } from "../model/collections.ts";

function fromHash(): CollectionId {
  return (
    findCollection(decodeURIComponent(location.hash.slice(1)))?.id ??
    EDITOR_COLLECTIONS[0]?.id ??
    "HomePage"
  );
}

/** The collection in the address (`/admin#Services`), so reloads and links keep the place. */
export function useSelectedCollection(): CollectionId {
  const [selected, setSelected] = useState<CollectionId>(fromHash);
  useEffect(() => {
    const onHashChange = () => setSelected(fromHash());
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);
  return selected;
}
