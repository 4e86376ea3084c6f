import type { EditorApi } from "../api/editor-api.ts";
import type { Draft, Row } from "../model/draft.ts";
import type { FieldErrors } from "../model/validate.ts";

/** What every collection form gets from the editor. */
export type CollectionFormProps = {
  /** The store, for forms that send more than the draft (picture uploads). */
  api: EditorApi;
  collectionId: string;
  draft: Draft;
  /** Errors to show next to their fields (after a save attempt). */
  errors: FieldErrors;
  onChange: (draft: Draft) => void;
  onHistory: (row: Row) => void;
  /** A fresh key for a row the owner adds. */
  newKey: () => string;
};
