import { type LaunchedChrome, launch } from "chrome-launcher";
import { CHROMIUM_FLAGS } from "./chromium-flags.ts";

export function chromiumPath(): string {
  return process.env.BENCH_CHROMIUM ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";
}

/** The visitor's system setting the browser reports (`prefers-color-scheme`). */
export type ColorScheme = "light" | "dark";

/** Launches the system Chromium with a remote-debugging port for Lighthouse. */
export function launchChromium(colorScheme: ColorScheme = "light"): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath(),
    // Web content then matches `prefers-color-scheme: dark`, as on a system set to dark.
    chromeFlags: colorScheme === "dark" ? [...CHROMIUM_FLAGS, "--force-dark-mode"] : CHROMIUM_FLAGS,
    logLevel: "silent",
    handleSIGINT: true,
  });
}
