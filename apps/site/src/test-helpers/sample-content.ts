import about from "../../../../content/About.json";
import clients from "../../../../content/Clients.json";
import homePage from "../../../../content/HomePage.json";
import services from "../../../../content/Services.json";
import whyWorkWithMe from "../../../../content/WhyWorkWithMe.json";
import type { CollectionName, ContentItem, PageContent } from "../content/types.ts";

/** The repository's sample content, the same the store seeds itself with. */
export function samplePageContent(): PageContent {
  return structuredClone({
    HomePage: homePage,
    About: about,
    Services: services,
    Clients: clients,
    WhyWorkWithMe: whyWorkWithMe,
  }) as PageContent;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function createDeferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A loader whose collections resolve only when the test says so. */
export function createControlledLoader() {
  const pending = new Map<CollectionName, Deferred<ContentItem[]>>();
  const deferredFor = (name: CollectionName) => {
    let deferred = pending.get(name);
    if (!deferred) {
      deferred = createDeferred<ContentItem[]>();
      pending.set(name, deferred);
    }
    return deferred;
  };
  return {
    load: (name: CollectionName) => deferredFor(name).promise,
    resolve: (name: CollectionName, items: ContentItem[]) => deferredFor(name).resolve(items),
  };
}
