import { type LaunchedChrome, launch } from "chrome-launcher";

/** Without these the machine's Chromium stalls on network it does not have. */
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

export function chromiumPath(): string {
  return process.env.BENCH_CHROMIUM ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";
}

/** Launches the system Chromium with a remote-debugging port for Lighthouse. */
export function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
    handleSIGINT: true,
  });
}
