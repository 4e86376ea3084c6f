/**
 * @module Declared fields: the typed fields a collection filters and sorts on (table
 * `declared_fields`, migration 0050). Each declared field path has one SQLite expression index,
 * `(collection_id, json_extract(data, '<path>'))`, shared by every collection that declares it,
 * and the query compiler (to-sql.ts) writes conditions on declared fields with that very
 * expression so SQLite can use the index. Declaring is explicit (the `fields` command).
 */

import { queryDialectOf } from "../../platform/db/query-dialect.ts";
import { type Db, isForeignKeyViolation } from "../../platform/db/sql-db.ts";
import { toJsonPath } from "../../platform/db/to-sql.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";

export const DECLARED_FIELD_TYPES = ["string", "number"] as const;
export type DeclaredFieldType = (typeof DECLARED_FIELD_TYPES)[number];
export type DeclaredField = { field: string; type: DeclaredFieldType };

/** Dot-separated identifiers: `order`, `itemData.title`. They appear literally in index SQL. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const MAX_FIELD_NAME_LENGTH = 128;

/** @throws ApiError VALIDATION_FAILED for a name that is not dot-separated identifiers. */
export function parseDeclaredFieldName(field: string): string[] {
  if (field.length > MAX_FIELD_NAME_LENGTH || !FIELD_NAME.test(field)) {
    throw validationError([
      violation("field", "must be letters, digits and underscores, dot-separated", "FORMAT"),
    ]);
  }
  return field.split(".");
}

function isFieldType(type: string): type is DeclaredFieldType {
  return (DECLARED_FIELD_TYPES as readonly string[]).includes(type);
}

export type DeclaredFields = ReturnType<typeof createDeclaredFields>;

export function createDeclaredFields(db: Db) {
  const statements = {
    ofCollection: db.prepare<[string], DeclaredField>(
      "SELECT field, type FROM declared_fields WHERE collection_id = ? ORDER BY field",
    ),
    all: db.prepare<[], DeclaredField & { collection_id: string }>(
      "SELECT collection_id, field, type FROM declared_fields ORDER BY collection_id, field",
    ),
    upsert: db.prepare(
      `INSERT INTO declared_fields (collection_id, field, type) VALUES (?, ?, ?)
       ON CONFLICT (collection_id, field) DO UPDATE SET type = excluded.type`,
    ),
    remove: db.prepare("DELETE FROM declared_fields WHERE collection_id = ? AND field = ?"),
    stillDeclared: db.prepare<[string], { n: number }>(
      "SELECT count(*) AS n FROM declared_fields WHERE field = ?",
    ),
  };

  function createIndex(field: string): void {
    db.exec(queryDialectOf(db).declaredFieldIndexSql(field, parseDeclaredFieldName(field)));
  }

  return {
    /** The collection's declared fields, by name. */
    list(collectionId: string): DeclaredField[] {
      return statements.ofCollection.all(collectionId);
    },

    /** Every declaration, by collection. */
    listAll(): { collectionId: string; field: string; type: DeclaredFieldType }[] {
      return statements.all.all().map(({ collection_id, field, type }) => ({
        collectionId: collection_id,
        field,
        type,
      }));
    },

    /** The JSON paths (as `toJsonPath` writes them) the compiler may serve from an index. */
    paths(collectionId: string): Set<string> {
      return new Set(
        statements.ofCollection.all(collectionId).map(({ field }) => toJsonPath(field.split("."))),
      );
    },

    /**
     * Declares (or retypes) a field and creates its index; building the index reads the whole
     * table once.
     * @throws ApiError COLLECTION_NOT_FOUND for an unknown collection, VALIDATION_FAILED for a bad name or type.
     */
    declare(collectionId: string, field: string, type: string): void {
      parseDeclaredFieldName(field);
      if (!isFieldType(type)) {
        throw validationError([
          violation(
            "type",
            `must be one of ${DECLARED_FIELD_TYPES.join(", ")}`,
            "INVALID_ENUM_VALUE",
            {
              allowed: [...DECLARED_FIELD_TYPES],
            },
          ),
        ]);
      }
      try {
        db.transaction(() => {
          statements.upsert.run(collectionId, field, type);
          createIndex(field);
        })();
      } catch (error) {
        // The declaration references its collection (migration 0050).
        if (isForeignKeyViolation(error))
          throw new ApiError("COLLECTION_NOT_FOUND", [collectionId]);
        throw error;
      }
    },

    /** Removes a declaration, and the index once no collection declares the field. */
    undeclare(collectionId: string, field: string): boolean {
      return db.transaction(() => {
        const removed = statements.remove.run(collectionId, field).changes > 0;
        if (removed && statements.stillDeclared.get(field)?.n === 0) {
          db.exec(queryDialectOf(db).dropDeclaredFieldIndexSql(field));
        }
        return removed;
      })();
    },
  };
}
