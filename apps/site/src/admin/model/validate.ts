/**
 * Checks a draft before saving: required fields and lengths, with one message per field.
 * Errors are keyed `rowKey/path`, the same key the form uses to show them next to the field.
 */
import { type CollectionKind, LIMITS, textFieldFor } from "./collections.ts";
import type { Draft } from "./draft.ts";
import { type ItemData, text } from "./item-data.ts";
import { serviceOf } from "./service-data.ts";

export type FieldErrors = Record<string, string>;

export function fieldKey(rowKey: string, path: string): string {
  return `${rowKey}/${path}`;
}

/** Length in characters as the owner counts them (code points, so an emoji is one). */
export function lengthOf(value: string): number {
  return [...value].length;
}

function check(
  errors: FieldErrors,
  key: string,
  value: string,
  { required, max, name }: { required: boolean; max: number; name: string },
): void {
  if (required && value.trim() === "") errors[key] = `Enter ${name}`;
  else if (lengthOf(value) > max) {
    errors[key] = `Use at most ${max} characters (now ${lengthOf(value)})`;
  }
}

function validateRow(kind: CollectionKind, rowKey: string, data: ItemData, errors: FieldErrors) {
  if (kind === "texts") {
    const field = textFieldFor(text(data.title_fld));
    check(errors, fieldKey(rowKey, "data"), text(data.data), {
      required: true,
      max: field.max,
      name: `the ${field.label.toLowerCase()}`,
    });
    return;
  }
  if (kind === "clients") {
    check(errors, fieldKey(rowKey, "itemData"), text(data.itemData), {
      required: true,
      max: LIMITS.clientLine,
      name: "the line, or remove it",
    });
    return;
  }
  const service = serviceOf(data);
  check(errors, fieldKey(rowKey, "title"), service.title, {
    required: true,
    max: LIMITS.serviceTitle,
    name: "a title",
  });
  check(errors, fieldKey(rowKey, "subtitle"), service.subtitle, {
    required: false,
    max: LIMITS.serviceSubtitle,
    name: "a subtitle",
  });
  service.details.forEach((detail, index) => {
    check(errors, fieldKey(rowKey, `details.${index}.heading`), detail.heading, {
      required: true,
      max: LIMITS.detailHeading,
      name: "a heading, or remove this detail",
    });
    check(errors, fieldKey(rowKey, `details.${index}.text`), detail.text, {
      required: true,
      max: LIMITS.detailText,
      name: "the text, or remove this detail",
    });
  });
}

export function validateDraft(kind: CollectionKind, draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  for (const row of draft.rows) validateRow(kind, row.key, row.data, errors);
  return errors;
}
