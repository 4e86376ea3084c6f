/**
 * @module Entry point `@consultant/site-content/wire`: the shapes the store answers and its
 * callers (the editor, the content client) read, written once for both sides.
 */
export { type CollectionField, FIELD_TYPES, type FieldType } from "./collection-field.ts";
export type {
  CreatedPreviewLink,
  PendingChange,
  PendingChangeInput,
  PendingChangeKind,
  PreviewLink,
  Publication,
} from "./drafts.ts";
export type { HistoryPage, HistoryVersion } from "./history-version.ts";
export type { MemberStatus, MemberSummary, PendingReason } from "./member-summary.ts";
