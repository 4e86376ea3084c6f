/**
 * @module Collection definition files of an export: `<Collection>.collection.json` beside the
 * items' `<Collection>.json`, holding what the Data Collections API takes (`id`, `displayName`,
 * `displayField`, `fields`, `permissions` with the platform's role names). An import creates the
 * collections they name, and the collections whose items file has no definition with
 * {@link DEFAULT_PERMISSIONS}.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CollectionDefinition, StoredCollection } from "../data/index.ts";
import { readCollectionDefinition, toWireRoles } from "../data/index.ts";
import type { Permissions } from "../platform/db/access-store.ts";
import { ApiError } from "../platform/errors.ts";
import { ContentFileError } from "./content-files.ts";

export const DEFINITION_SUFFIX = ".collection.json";

/** A collection with items but no definition file: anyone reads, only admins write. */
export const DEFAULT_PERMISSIONS: Permissions = {
  read: "anyone",
  insert: "admin",
  update: "admin",
  remove: "admin",
};

export type DefinitionFile = {
  collectionId: string;
  file: string;
  definition: CollectionDefinition;
};

/** The definition of a collection an items file names without a definition file. */
export function defaultDefinition(collectionId: string): CollectionDefinition {
  return {
    id: collectionId,
    displayName: collectionId,
    displayField: null,
    fields: [],
    permissions: DEFAULT_PERMISSIONS,
  };
}

/** The file's content for a stored collection. */
export function definitionFileOf(stored: StoredCollection): Record<string, unknown> {
  return {
    id: stored.id,
    displayName: stored.displayName,
    ...(stored.displayField === null ? {} : { displayField: stored.displayField }),
    fields: stored.fields,
    permissions: toWireRoles(stored.permissions),
  };
}

/** Parses and validates one definition file; its `id` must be the file's collection. */
export function parseDefinitionFile(
  text: string,
  file: string,
  collectionId: string,
): CollectionDefinition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(file, `is not valid JSON (${(error as Error).message})`);
  }
  try {
    const definition = readCollectionDefinition(parsed, "collection");
    if (definition.id !== collectionId) {
      throw new ContentFileError(file, `id must be ${collectionId}, the file's name`);
    }
    return definition;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const problems = error.violations.map(
      (v) => `${v.field.replace(/^collection\.?/, "") || "file"}: ${v.description}`,
    );
    throw new ContentFileError(file, problems.join("; "));
  }
}

/** Every `<Collection>.collection.json` in `dir`, checked. */
export function readDefinitionDir(dir: string): DefinitionFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(DEFINITION_SUFFIX))
    .sort()
    .map((file) => {
      const collectionId = file.slice(0, -DEFINITION_SUFFIX.length);
      let text: string;
      try {
        text = readFileSync(join(dir, file), "utf8");
      } catch (error) {
        throw new ContentFileError(file, `cannot be read (${(error as Error).message})`);
      }
      return { collectionId, file, definition: parseDefinitionFile(text, file, collectionId) };
    });
}
