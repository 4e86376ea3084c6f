import {
  type ItemData,
  PAGE_COLLECTIONS,
  type PageCollection,
  type PageContent,
} from "@consultant/site-content";

const CONTENT_FILES = import.meta.glob<ItemData[]>("../../../../content/*.json", {
  eager: true,
  import: "default",
});

/** The repository's sample content, the same the store seeds itself with. */
export function samplePageContent(): PageContent {
  return structuredClone(
    Object.fromEntries(
      PAGE_COLLECTIONS.map((name) => [
        name,
        CONTENT_FILES[`../../../../content/${name}.json`] ?? [],
      ]),
    ),
  ) as PageContent;
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
  const pending = new Map<PageCollection, Deferred<ItemData[]>>();
  const deferredFor = (name: PageCollection) => {
    let deferred = pending.get(name);
    if (!deferred) {
      deferred = createDeferred<ItemData[]>();
      pending.set(name, deferred);
    }
    return deferred;
  };
  return {
    load: (name: PageCollection) => deferredFor(name).promise,
    resolve: (name: PageCollection, items: ItemData[]) => deferredFor(name).resolve(items),
  };
}
