/** @module Content negotiation of `Accept-Encoding` (RFC 9110 §12.5.3) for the codings we store. */

export type Encoding = "br" | "gzip";

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=").map((part) => part.trim());
    if (name?.toLowerCase() === "q") {
      const q = Number(value);
      return Number.isFinite(q) ? q : 0;
    }
  }
  return 1;
}

/**
 * The coding to send: brotli, else gzip, when the client accepts it with a non-zero quality
 * (`*` counts for a coding not named); null for identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const entry of acceptEncoding.split(",")) {
    const [coding, ...parameters] = entry.split(";");
    const name = coding?.trim().toLowerCase();
    if (name) accepted.set(name === "x-gzip" ? "gzip" : name, qualityOf(parameters));
  }
  const wildcard = accepted.get("*") ?? 0;
  const quality = (coding: Encoding) => accepted.get(coding) ?? wildcard;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return null;
}
