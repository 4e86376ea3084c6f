export const COLLECTIONS = ["HomePage", "About", "Services", "Clients", "WhyWorkWithMe"] as const;

export type CollectionName = (typeof COLLECTIONS)[number];

/** One item's data object, as the data-items protocol returns it. */
export type ContentItem = Record<string, unknown>;

/** Every collection's items; the shape the server embeds in the page. */
export type PageContent = Record<CollectionName, ContentItem[]>;

/** A collection that is still loading is absent. */
export type LoadingContent = Partial<PageContent>;

export type CollectionLoader = (name: CollectionName) => Promise<ContentItem[]>;

export interface ServiceDetail {
  key: string;
  heading: string;
  text: string;
}

export interface Service {
  id: string;
  title: string;
  subtitle: string;
  details: ServiceDetail[];
}

export interface ClientLine {
  id: string;
  text: string;
}
