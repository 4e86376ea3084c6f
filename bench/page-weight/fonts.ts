export interface FontFaceSummary {
  /** The first `url()` of each `@font-face`: one web-font request once text uses the face. */
  urls: string[];
  /** Faces without `font-display: swap | optional | fallback`, which hide text while loading. */
  blocking: number;
}

const FONT_FACE = /@font-face\s*\{([^}]*)\}/gi;
const FIRST_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/i;
const NON_BLOCKING_DISPLAY = /font-display\s*:\s*(swap|optional|fallback)\b/i;

/** Lists the web fonts a stylesheet declares and counts those that block text rendering. */
export function summarizeFontFaces(css: string): FontFaceSummary {
  const urls: string[] = [];
  let blocking = 0;
  for (const match of css.matchAll(FONT_FACE)) {
    const body = match[1] ?? "";
    const url = body.match(FIRST_URL);
    // A face built only from local() fonts makes no request.
    if (!url) continue;
    urls.push(url[1] ?? url[2] ?? url[3] ?? "");
    if (!NON_BLOCKING_DISPLAY.test(body)) blocking += 1;
  }
  return { urls, blocking };
}
