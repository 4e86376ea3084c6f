/**
 * @module The editor's half of the content model: labels, limits, validation and one adapter
 * per kind. Kept apart from the main entry so the public page never bundles it.
 */
export { adapterOf, KIND_ADAPTERS, type KindAdapter, summarize } from "./adapters.ts";
export { checkField, type FieldErrors, type FieldRule, lengthOf } from "./check.ts";
export {
  EDITOR_COLLECTIONS,
  type EditorCollection,
  findCollection,
} from "./editor-collections.ts";
export {
  COLLECTION_LABELS,
  type CollectionLabels,
  LIMITS,
  TEXT_KEY_ORDER,
  type TextFieldDef,
  textFieldFor,
} from "./labels.ts";
