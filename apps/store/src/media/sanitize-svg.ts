/**
 * @module An uploaded SVG, cleaned before it is ever stored or served: DOMPurify (on jsdom)
 * with its SVG profile keeps shapes, styles and filters and drops scripts, event handlers,
 * `foreignObject` and any link that leaves the file. Both libraries are loaded on the first SVG
 * only, so a store that never receives one never holds them in memory.
 */

type Sanitize = (svg: string) => string;

let purifier: Promise<Sanitize> | null = null;

/** Only links inside the file (`#id`) survive: no external images, fonts or `javascript:`. */
function isInternalReference(value: string): boolean {
  return value.trim().startsWith("#");
}

async function loadPurifier(): Promise<Sanitize> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
    import("jsdom"),
    import("dompurify"),
  ]);
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === "href" || name === "xlink:href") && !isInternalReference(data.attrValue)) {
      data.keepAttr = false;
    }
  });
  return (svg) =>
    purify.sanitize(svg, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ["foreignObject"],
    });
}

/** The SVG without anything that runs or loads; an empty string when nothing SVG is left. */
export async function sanitizeSvg(svg: string): Promise<string> {
  purifier ??= loadPurifier();
  const clean = (await purifier)(svg).trim();
  return clean.startsWith("<svg") ? clean : "";
}

/** The area of the root element's viewBox (0 without one): what a renderer may be asked to fill. */
export function svgViewBoxPixels(svg: string): number {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const box = /\bviewBox\s*=\s*["']([^"']*)["']/i.exec(root)?.[1];
  const [, , width = 0, height = 0] = (box ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return Number.isFinite(width * height) ? Math.abs(width * height) : Number.POSITIVE_INFINITY;
}

/** Whether the bytes read as an SVG document (text starting with `<svg`, a prolog or a comment). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    head,
  );
}
