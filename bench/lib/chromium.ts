import { type LaunchedChrome, launch } from "chrome-launcher";
import { CHROMIUM_FLAGS } from "./chromium-flags.ts";

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
