/** DOM ids of form controls, derived from the collection, the row and the field path. */

export function domId(...parts: string[]): string {
  return parts.join("-").replace(/[^\w-]/g, "_");
}

export function fieldId(collectionId: string, rowKey: string, path: string): string {
  return domId("f", collectionId, rowKey, path);
}

/** The field id for a validation error key (`rowKey/path`). */
export function fieldIdForError(collectionId: string, errorKey: string): string {
  const split = errorKey.lastIndexOf("/");
  return fieldId(collectionId, errorKey.slice(0, split), errorKey.slice(split + 1));
}
