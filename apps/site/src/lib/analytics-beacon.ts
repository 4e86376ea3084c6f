/**
 * @module The page's analytics beacon (docs/analytics.md, "Counting"), imported by
 * entry-client.tsx once the page has loaded and the browser is idle. It sends the view, then, each
 * time the page is hidden, the sections that came into view, the deepest scroll and the seconds
 * it was visible, with `navigator.sendBeacon` to the store's own `/a/e`. No cookie, no storage.
 */

const send = (body: object) => navigator.sendBeacon("/a/e", JSON.stringify(body));

export function startBeacon(): void {
  if (!navigator.sendBeacon) return;
  const page = location.pathname + location.search;
  send({
    k: "v",
    p: page,
    r: document.referrer,
    z: Intl.DateTimeFormat().resolvedOptions().timeZone,
    g: navigator.language,
  });
  const seen = new Set<string>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      seen.add(entry.target.id);
      observer.unobserve(entry.target);
    }
  });
  for (const section of document.querySelectorAll("main section[id]")) observer.observe(section);
  let lowest = 0;
  addEventListener(
    "scroll",
    () => {
      lowest = Math.max(lowest, scrollY);
    },
    { passive: true },
  );
  let shownAt = performance.now();
  let hidden = false;
  let depthSent = false;
  // Hidden (another tab, the phone's home screen) or left (pagehide: some browsers hide no page
  // they unload): the time shown so far and the sections seen since the last end.
  const end = () => {
    if (hidden) return;
    hidden = true;
    const height = document.documentElement.scrollHeight;
    send({
      k: "l",
      p: page,
      s: [...seen],
      // The view's deepest point is reported once; later ends of the view add time and sections.
      d: depthSent ? undefined : Math.min(100, Math.round(((lowest + innerHeight) / height) * 100)),
      t: Math.round((performance.now() - shownAt) / 1000),
    });
    depthSent = true;
    seen.clear();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") return end();
    hidden = false;
    shownAt = performance.now();
  });
  addEventListener("pagehide", end);
}
