/**
 * Wire types of the Data Collections API as the official `@wix/data` `collections` module
 * exposes them: `_id`, `_createdDate`, `_updatedDate` (the wire's `id`, `createdDate`,
 * `updatedDate`), dates as `Date`, revisions as strings.
 */
import type {
  CollectionField,
  FieldType as PlatformFieldType,
} from "@consultant/site-content/wire";

/** Who a permission admits. `SITE_MEMBER_AUTHOR`: members, who update, remove (and, as the read role, read) only the items they created. */
export type Role = "ADMIN" | "SITE_MEMBER_AUTHOR" | "SITE_MEMBER" | "ANYONE";

/** Who may insert, update, remove and read a collection's items. */
export interface Permissions {
  insert: Role;
  update: Role;
  remove: Role;
  read: Role;
}

/**
 * Field types of the platform (`TEXT`, `NUMBER`, `DATETIME`, `BOOLEAN`, `URL`, …): the ones the
 * store knows, and any other a newer platform may answer.
 */
export type FieldType = PlatformFieldType | (string & {});

/** One field of a collection. */
export interface Field extends Omit<CollectionField, "type"> {
  type: FieldType;
  /** In answers: true for `_id`, `_createdDate`, `_updatedDate`, `_ownerId`. */
  systemField?: boolean;
  encrypted?: boolean;
}

/** A data collection as sent to create and update, and as answered. */
export interface DataCollection {
  /** Letters, digits, `_` and `-`, starting with a letter, at most 64 characters. */
  _id: string;
  displayName?: string;
  /** The key of the field that names an item. */
  displayField?: string;
  fields: Field[];
  permissions: Permissions;
  /** Required by update: the revision last read. Bumped by every change. */
  revision?: string;
  collectionType?: string;
  capabilities?: {
    dataOperations?: string[];
    collectionOperations?: string[];
    indexLimits?: { regular?: number; unique?: number; total?: number };
  };
  defaultDisplayOrder?: { fieldKey?: string; direction?: "ASC" | "DESC" };
  maxPageSize?: number;
  plugins?: unknown[];
  pagingModes?: string[];
  _createdDate?: Date;
  _updatedDate?: Date;
}

/** What a visitor reads of a collection: what a page needs to show its items. */
export type VisitorDataCollection = Pick<
  DataCollection,
  "_id" | "displayName" | "displayField" | "plugins" | "fields"
>;

/** What patch changes; the other properties stay as they are. */
export interface DataCollectionPatch {
  displayName?: string;
  displayField?: string;
  permissions?: Permissions;
  /** When given, the patch applies only at this revision. */
  revision?: string;
}

/** Options of `listDataCollections`. */
export interface ListDataCollectionsOptions {
  /** @default { limit: 50, offset: 0 } */
  paging?: { limit?: number; offset?: number };
  /** @default { fieldName: "id", order: "ASC" } */
  sort?: { fieldName?: "id" | "displayName"; order?: "ASC" | "DESC" };
  consistentRead?: boolean;
}

/** The answer of `listDataCollections`. */
export interface ListDataCollectionsResponse {
  collections: DataCollection[];
  pagingMetadata: { count?: number; offset?: number; total?: number; tooManyToCount?: boolean };
}
