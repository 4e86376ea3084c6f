/**
 * @module Build plugin: the page's stylesheets go inline into index.html as `<style>`, so the
 * first paint needs only the HTML response (a linked stylesheet blocks rendering for one more
 * round trip; ours is about 6 KB compressed).
 */
import type { Plugin } from "vite";

const STYLESHEET_LINK = /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/gi;
const HREF = /\bhref=["']?([^"'\s>]+)["']?/i;

/**
 * Replaces each `<link rel="stylesheet">` whose href `read` resolves with a `<style>` holding
 * the CSS; links it cannot resolve (another origin, say) are kept.
 */
export function inlineStylesheetLinks(html: string, read: (href: string) => string | undefined) {
  return html.replace(STYLESHEET_LINK, (link) => {
    const href = HREF.exec(link)?.[1];
    const css = href === undefined ? undefined : read(href);
    if (css === undefined) return link;
    // Only `</style` could end the element early; `<\/style` means the same inside CSS.
    return `<style>${css.trim().replace(/<\/(style)/gi, "<\\/$1")}</style>`;
  });
}

export function inlineStylesheets(): Plugin {
  return {
    name: "inline-stylesheets",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return html;
        return inlineStylesheetLinks(html, (href) => {
          const asset = bundle[href.replace(/^\//, "")];
          if (asset?.type !== "asset") return undefined;
          return typeof asset.source === "string"
            ? asset.source
            : Buffer.from(asset.source).toString("utf8");
        });
      },
    },
  };
}
