/**
 * @module What a shared file may be, decided by its bytes and its name together: the name's
 * extension picks the stored type, and the first bytes must carry that kind's signature. A file
 * named `.pdf` holding HTML (or anything else) is refused. Office documents of today are ZIP
 * containers and the older ones OLE2 compound files, so those two signatures cover them.
 */

type Kind = "pdf" | "png" | "jpeg" | "gif" | "webp" | "zip" | "ole" | "gzip" | "7z" | "rar";

const SIGNATURES: Record<Kind, (head: Uint8Array) => boolean> = {
  pdf: (head) => startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  png: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  gif: (head) => startsWith(head, [0x47, 0x49, 0x46, 0x38]),
  webp: (head) =>
    startsWith(head, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(head.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  zip: (head) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]),
  ole: (head) => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  gzip: (head) => startsWith(head, [0x1f, 0x8b]),
  "7z": (head) => startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  rar: (head) => startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]),
};

const KIND_NAMES: Record<Kind, string> = {
  pdf: "a PDF",
  png: "a PNG picture",
  jpeg: "a JPEG picture",
  gif: "a GIF picture",
  webp: "a WebP picture",
  zip: "a ZIP container (Office document or archive)",
  ole: "an older Office document",
  gzip: "a gzip archive",
  "7z": "a 7-Zip archive",
  rar: "a RAR archive",
};

/** Extension → the kind its bytes must be and the type the file is served with. */
export const ALLOWED_EXTENSIONS: Record<string, { kind: Kind; type: string }> = {
  pdf: { kind: "pdf", type: "application/pdf" },
  png: { kind: "png", type: "image/png" },
  jpg: { kind: "jpeg", type: "image/jpeg" },
  jpeg: { kind: "jpeg", type: "image/jpeg" },
  gif: { kind: "gif", type: "image/gif" },
  webp: { kind: "webp", type: "image/webp" },
  docx: {
    kind: "zip",
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  xlsx: { kind: "zip", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pptx: {
    kind: "zip",
    type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  },
  odt: { kind: "zip", type: "application/vnd.oasis.opendocument.text" },
  ods: { kind: "zip", type: "application/vnd.oasis.opendocument.spreadsheet" },
  odp: { kind: "zip", type: "application/vnd.oasis.opendocument.presentation" },
  doc: { kind: "ole", type: "application/msword" },
  xls: { kind: "ole", type: "application/vnd.ms-excel" },
  ppt: { kind: "ole", type: "application/vnd.ms-powerpoint" },
  zip: { kind: "zip", type: "application/zip" },
  gz: { kind: "gzip", type: "application/gzip" },
  tgz: { kind: "gzip", type: "application/gzip" },
  "7z": { kind: "7z", type: "application/x-7z-compressed" },
  rar: { kind: "rar", type: "application/vnd.rar" },
};

/** Bytes the check reads from the start of a file. */
export const SIGNATURE_BYTES = 16;

export type TypeCheck =
  | { ok: true; type: string }
  | { ok: false; reason: "extension"; extension: string }
  | { ok: false; reason: "mismatch"; extension: string; expected: string };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Whether the name's extension is one the store takes (checked before any byte is read). */
export function isAllowedName(name: string): boolean {
  return Object.hasOwn(ALLOWED_EXTENSIONS, extensionOf(name));
}

/** The type to store for `name` whose first bytes are `head`, or why it is refused. */
export function checkType(name: string, head: Uint8Array): TypeCheck {
  const extension = extensionOf(name);
  const allowed = Object.hasOwn(ALLOWED_EXTENSIONS, extension)
    ? ALLOWED_EXTENSIONS[extension]
    : undefined;
  if (allowed === undefined) return { ok: false, reason: "extension", extension };
  if (!SIGNATURES[allowed.kind](head)) {
    return { ok: false, reason: "mismatch", extension, expected: KIND_NAMES[allowed.kind] };
  }
  return { ok: true, type: allowed.type };
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}
