// btoa/atob work on "binary strings"; chunking keeps String.fromCharCode under the engines' argument limit.
const CHUNK = 0x8000;

/** Encodes bytes as standard base64 (with padding), in browsers and Node alike. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/**
 * Decodes standard or URL-safe base64, padded or not.
 *
 * @throws {DOMException} when the text is not base64.
 */
export function base64ToBytes(base64: string): Uint8Array {
  const standard = base64.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(standard), (char) => char.charCodeAt(0));
}

/** Encodes text as UTF-8 base64url without padding, the form of the `.r` query parameter (docs/protocol.md §2.3). */
export function textToBase64Url(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
