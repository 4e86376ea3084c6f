/**
 * @module Starts the analytics beacon (docs/analytics.md, "Counting"), a chunk of its own, once
 * the page has loaded and the browser is idle: for every page of the site that counts views.
 */
export function startAnalyticsWhenLoaded(): void {
  const start = () =>
    (window.requestIdleCallback ?? setTimeout)(() => {
      import("./analytics-beacon.ts").then(
        ({ startBeacon }) => startBeacon(),
        () => {},
      );
    });
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
