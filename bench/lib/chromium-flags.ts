/**
 * Flags for the machine's headless Chromium, shared by the bench (Lighthouse) and the e2e tests
 * (Playwright). Without these it stalls on network it does not have.
 */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
