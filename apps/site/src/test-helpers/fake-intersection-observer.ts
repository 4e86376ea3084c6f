type Callback = (entries: IntersectionObserverEntry[], observer: IntersectionObserver) => void;

/** A stand-in for the browser's IntersectionObserver (jsdom has none); tests drive it by hand. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];

  readonly callback: Callback;
  readonly options: IntersectionObserverInit | undefined;
  readonly targets = new Set<Element>();

  constructor(callback: Callback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports `ratio` visibility of `target` to whichever observers watch it. */
  static report(target: Element, ratio: number) {
    for (const observer of FakeIntersectionObserver.instances) {
      if (!observer.targets.has(target)) continue;
      const entry = {
        target,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
      } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}
