/**
 * Checks a draft before saving, with the kind's adapter: one message per field, keyed
 * `rowKey/path`, the same key the form uses to show it next to the field.
 */
import type { Kind } from "@consultant/site-content";
import { type FieldErrors, KIND_ADAPTERS } from "@consultant/site-content/editor";
import type { Draft } from "./draft.ts";

export { type FieldErrors, lengthOf } from "@consultant/site-content/editor";

export function fieldKey(rowKey: string, path: string): string {
  return `${rowKey}/${path}`;
}

export function validateDraft(kind: Kind, draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  for (const row of draft.rows) {
    for (const [path, message] of Object.entries(KIND_ADAPTERS[kind].validate(row.data))) {
      errors[fieldKey(row.key, path)] = message;
    }
  }
  return errors;
}
