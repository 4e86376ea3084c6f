import { afterEach, describe, expect, test, vi } from "vitest";
import { startBeacon } from "./analytics-beacon.ts";

type Observed = { callback: IntersectionObserverCallback; targets: Element[] };

/** Who the beacon adds its listeners to: a test's are taken off after it, as a page's go with the page. */
const listenedTo = [window, document].map((target) => ({
  target,
  added: vi.spyOn(target, "addEventListener"),
}));

function fakeBrowser() {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const observers: Observed[] = [];
  vi.stubGlobal("navigator", {
    ...navigator,
    language: "de-DE",
    sendBeacon: (url: string, body: string) => {
      sent.push({ url, body: JSON.parse(body) as Record<string, unknown> });
      return true;
    },
  });
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      private readonly observed: Observed;
      constructor(callback: IntersectionObserverCallback) {
        this.observed = { callback, targets: [] };
        observers.push(this.observed);
      }
      observe(target: Element) {
        this.observed.targets.push(target);
      }
      unobserve() {}
    },
  );
  const comeIntoView = (id: string) => {
    for (const observer of observers) {
      const target = observer.targets.find((element) => element.id === id);
      if (target === undefined) continue;
      observer.callback(
        [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  };
  const hide = (state: "hidden" | "visible") => {
    Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  };
  return { sent, comeIntoView, hide };
}

afterEach(() => {
  for (const { target, added } of listenedTo) {
    for (const [type, listener] of added.mock.calls) target.removeEventListener(type, listener);
    added.mockClear();
  }
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the page's analytics beacon", () => {
  test("sends the view, then at each hiding the sections read, the scroll depth once, and the time", () => {
    document.body.innerHTML =
      '<main><section id="home"></section><section id="about"></section><section id="contact"></section></main>';
    const browser = fakeBrowser();
    startBeacon();
    expect(browser.sent).toEqual([
      {
        url: "/a/e",
        body: {
          k: "v",
          p: "/",
          r: "",
          z: Intl.DateTimeFormat().resolvedOptions().timeZone,
          g: "de-DE",
        },
      },
    ]);
    browser.comeIntoView("home");
    browser.comeIntoView("about");
    browser.hide("hidden");
    const leave = browser.sent[1]?.body;
    expect(leave).toMatchObject({ k: "l", p: "/", s: ["home", "about"] });
    expect(typeof leave?.d).toBe("number");
    expect(typeof leave?.t).toBe("number");
    browser.hide("visible");
    browser.comeIntoView("contact");
    browser.hide("hidden");
    expect(browser.sent[2]?.body).toMatchObject({ k: "l", s: ["contact"] });
    expect(browser.sent[2]?.body).not.toHaveProperty("d");
  });

  test("a page left without being hidden first (pagehide) still sends its end, once", () => {
    document.body.innerHTML = '<main><section id="home"></section></main>';
    const browser = fakeBrowser();
    startBeacon();
    browser.comeIntoView("home");
    dispatchEvent(new Event("pagehide"));
    browser.hide("hidden");
    expect(browser.sent.map((call) => call.body.k)).toEqual(["v", "l"]);
    expect(browser.sent[1]?.body).toMatchObject({ s: ["home"] });
  });

  test("a browser without sendBeacon sends nothing and breaks nothing", () => {
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: undefined });
    expect(() => startBeacon()).not.toThrow();
  });
});
