/** What a server-rendered HTML document makes the browser load, read from its tags. */
export interface HtmlAssets {
  /** `<script type="module" src>` URLs, in document order. */
  moduleScripts: string[];
  /** `<link rel="modulepreload" href>` URLs. */
  modulePreloads: string[];
  /** `<script src>` without `type="module"`. */
  classicScripts: string[];
  /** Bodies of inline `<script>` tags (code or embedded JSON data). */
  inlineScripts: string[];
  /** `<link rel="stylesheet" href>` URLs. */
  stylesheets: string[];
  /** Bodies of `<style>` tags. */
  inlineStyles: string[];
  /** `<link rel="preload" as="font">` URLs. */
  fontPreloads: string[];
  images: ImageTag[];
}

export interface ImageTag {
  src: string;
  hasDimensions: boolean;
}

const TAG = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<(link|img)\b([^>]*?)\/?>/gi;
const ATTRIBUTE = /([^\s=/"'>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
// Comments may hold markup (Vite's `<!--app-html-->`, React's `<!-- -->`) that is not loaded.
const COMMENT = /<!--[\s\S]*?-->/g;

/** Attributes of one tag, names lower-cased; a bare attribute has the value "". */
export function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1];
    if (name) attributes.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

function relTokens(attributes: Map<string, string>): string[] {
  return (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
}

/** Lists the scripts, stylesheets, font preloads and images an HTML document references. */
export function parseHtmlAssets(html: string): HtmlAssets {
  const assets: HtmlAssets = {
    moduleScripts: [],
    modulePreloads: [],
    classicScripts: [],
    inlineScripts: [],
    stylesheets: [],
    inlineStyles: [],
    fontPreloads: [],
    images: [],
  };
  for (const match of html.replace(COMMENT, "").matchAll(TAG)) {
    const tag = (match[1] ?? match[4] ?? "").toLowerCase();
    const attributes = parseAttributes(match[2] ?? match[5] ?? "");
    const body = match[3] ?? "";
    if (tag === "script") {
      const src = attributes.get("src");
      if (src === undefined) assets.inlineScripts.push(body);
      else if (attributes.get("type") === "module") assets.moduleScripts.push(src);
      else assets.classicScripts.push(src);
    } else if (tag === "style") {
      assets.inlineStyles.push(body);
    } else if (tag === "link") {
      const href = attributes.get("href");
      if (href === undefined) continue;
      const rel = relTokens(attributes);
      if (rel.includes("modulepreload")) assets.modulePreloads.push(href);
      else if (rel.includes("stylesheet")) assets.stylesheets.push(href);
      else if (rel.includes("preload") && attributes.get("as") === "font") {
        assets.fontPreloads.push(href);
      }
    } else if (tag === "img") {
      assets.images.push({
        src: attributes.get("src") ?? "",
        hasDimensions: attributes.has("width") && attributes.has("height"),
      });
    }
  }
  return assets;
}
