/** @module The site's brand for the members' pages, read again only when the content changes. */
import { type ItemData, selectPictures, selectSettings } from "@consultant/site-content";
import type { ItemsStore } from "../data/index.ts";
import type { SiteBrand } from "../platform/pages/site-frame.ts";
import { readPageContent } from "./site-plugin.ts";

/** The brand from the stored `SiteSettings` and `Pictures` items. */
export function siteBrandOf(content: {
  SiteSettings?: readonly ItemData[];
  Pictures?: readonly ItemData[];
}): SiteBrand {
  const settings = selectSettings(content.SiteSettings, { name: "", company: "", email: "" });
  const { logo, logoDark } = selectPictures(content.Pictures);
  return {
    name: settings.name.trim() || settings.company.trim(),
    logoSrc: logo?.src ?? null,
    logoDarkSrc: logo === null ? null : (logoDark?.src ?? null),
    email: settings.email.trim(),
  };
}

/** The current brand; a failed read (say, a database hiccup) shows the plain frame. */
export function siteBrandSource(store: ItemsStore): () => SiteBrand {
  let cache: { version: number; brand: SiteBrand } | null = null;
  return () => {
    try {
      const version = store.contentVersion();
      if (cache?.version === version) return cache.brand;
      const page = readPageContent(store);
      cache = { version: page.version, brand: siteBrandOf(page.content) };
      return cache.brand;
    } catch {
      return { name: "", logoSrc: null };
    }
  };
}
