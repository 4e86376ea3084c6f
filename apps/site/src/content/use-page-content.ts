import { type LoadingContent, PAGE_COLLECTIONS, type PageContent } from "@consultant/site-content";
import { useEffect, useState } from "react";
import type { CollectionLoader } from "./load-collection.ts";

/** Embedded content is used as is; otherwise each collection loads on its own. */
export function usePageContent(
  initial: PageContent | undefined,
  load: CollectionLoader | undefined,
): LoadingContent {
  const [content, setContent] = useState<LoadingContent>(() => initial ?? {});

  useEffect(() => {
    if (initial || !load) return;
    let active = true;
    for (const name of PAGE_COLLECTIONS) {
      void load(name).then((items) => {
        if (active) setContent((current) => ({ ...current, [name]: items }));
      });
    }
    return () => {
      active = false;
    };
  }, [initial, load]);

  return content;
}
