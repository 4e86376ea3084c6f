/** @module What the store hands the page's server renderer (docs/architecture.md, "Site and store"). */
import type { PageCollection } from "./collections.ts";
import type { ItemData } from "./item-data.ts";

/** Every page collection's item data objects, as the query call returns them. */
export type PageContent = Record<PageCollection, ItemData[]>;

/** A collection that is still loading is absent. */
export type LoadingContent = Partial<PageContent>;

/**
 * The built site's server entry (`dist/server/entry-server.js`) exports this: the full HTML
 * document for the template with the content rendered and embedded.
 */
export type RenderPage = (template: string, content: PageContent) => string;
