/** Field types of the platform's `Type` enum (`@wix/auto_sdk_data_collections`). */
export const FIELD_TYPES = [
  "TEXT",
  "NUMBER",
  "DATE",
  "DATETIME",
  "IMAGE",
  "BOOLEAN",
  "DOCUMENT",
  "URL",
  "RICH_TEXT",
  "VIDEO",
  "ANY",
  "ARRAY_STRING",
  "ARRAY_DOCUMENT",
  "AUDIO",
  "TIME",
  "LANGUAGE",
  "RICH_CONTENT",
  "MEDIA_GALLERY",
  "ADDRESS",
  "PAGE_LINK",
  "REFERENCE",
  "MULTI_REFERENCE",
  "OBJECT",
  "ARRAY",
  "LEGACY_TIME",
  "LEGACY_BOOK",
  "LEGACY_EXTERNAL_URL",
  "LEGACY_BROKEN_REFERENCE",
  "LEGACY_IMAGE",
  "LEGACY_COLOR",
  "LEGACY_EXTERNAL_VIDEO",
  "SLUG",
  "EMAIL",
  "MEDIA_IMAGE",
  "MEDIA_VECTOR_ART",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a collection as the Data Collections API sends and answers it. */
export type CollectionField = {
  /** Letters, digits and `_`, starting with a letter (`_…` are the system fields). */
  key: string;
  type: FieldType;
  displayName?: string;
  description?: string;
  required?: boolean;
  typeMetadata?: Record<string, unknown>;
};
