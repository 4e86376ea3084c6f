/**
 * @module The Data Collections API (`@wix/data` `collections`), captured from the official SDK
 * (conformance/collections.wire.json): create `POST /collections`, get `GET /collections/{id}`,
 * list `GET /collections`, update `PUT /collections`, patch `PATCH /collections/{id}`, delete
 * `DELETE /collections/{id}`. Writes need the API key or the owner (admin); any caller reads,
 * a visitor only the part of a definition a page needs (collections/wire-collection.ts).
 */
import type { FastifyInstance } from "fastify";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { type Caller, callerOf } from "../../platform/http/caller.ts";
import { getPayload } from "../../platform/http/get-payload.ts";
import type { QueryParams } from "../../platform/http/query-string.ts";
import {
  createViolationCollector,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_OFFSET,
  readBody,
  readCollectionId,
} from "../../platform/query/request-fields.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import type { CollectionsStore, StoredCollection } from "../storage/collections-store.ts";
import {
  readCollectionDefinition,
  readDisplayName,
  readPermissions,
} from "./collection-definition.ts";
import { type CollectionPatch, type CollectionWriter, readRevision } from "./collection-writer.ts";
import { toVisitorCollection, toWireCollection } from "./wire-collection.ts";

export type CollectionsRouteDeps = { collections: CollectionsStore; writer: CollectionWriter };

/** What a patch may name besides the three properties it changes. */
const PATCH_KEYS = new Set(["id", "displayName", "displayField", "permissions", "revision"]);
const SORT_KEYS = { id: "id", displayName: "displayName" } as const;

function requireAdmin(caller: Caller, verb: string, collectionId: string): void {
  if (caller.editor === true) throw new ApiError("OWNER_ROLE_REQUIRED");
  if (caller.role === "admin") return;
  throw new ApiError("PERMISSION_DENIED", [verb, collectionId], {
    data: { collectionId, action: verb, role: caller.role },
  });
}

function answerFor(caller: Caller, stored: StoredCollection) {
  return caller.role === "visitor" ? toVisitorCollection(stored) : toWireCollection(stored);
}

function readQueryInteger(
  raw: string | string[] | undefined,
  at: string,
  min: number,
  max: number,
) {
  if (raw === undefined) return undefined;
  const value = typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw validationError(
      [violation(at, `must be an integer from ${min} to ${max}`, "OTHER", { min, max })],
      "invalid query",
    );
  }
  return value;
}

/** `paging.limit`, `paging.offset`, `sort.fieldName`, `sort.order` of a list (flat, as the SDK sends them). */
function readListQuery(params: QueryParams) {
  const { collect, throwIfAny } = createViolationCollector();
  const limit = collect(undefined, () =>
    readQueryInteger(params["paging.limit"], "paging.limit", 1, MAX_LIMIT),
  );
  const offset = collect(undefined, () =>
    readQueryInteger(params["paging.offset"], "paging.offset", 0, MAX_OFFSET),
  );
  const fieldName = params["sort.fieldName"] ?? "id";
  const order = params["sort.order"] ?? "ASC";
  collect(null, () => {
    if (typeof fieldName !== "string" || !Object.hasOwn(SORT_KEYS, fieldName)) {
      throw validationError([violation("sort.fieldName", "must be id or displayName")]);
    }
    if (order !== "ASC" && order !== "DESC") {
      throw validationError([violation("sort.order", "must be ASC or DESC", "INVALID_ENUM_VALUE")]);
    }
    return null;
  });
  throwIfAny("invalid query");
  return {
    limit: limit ?? DEFAULT_LIMIT,
    offset: offset ?? 0,
    key: fieldName as keyof typeof SORT_KEYS,
    descending: order === "DESC",
  };
}

function readPatch(raw: unknown, pathId: string) {
  if (!isPlainObject(raw)) {
    throw validationError([violation("dataCollection", "must be an object", "REQUIRED_FIELD")]);
  }
  const { collect, throwIfAny, violations } = createViolationCollector();
  for (const key of Object.keys(raw)) {
    if (!PATCH_KEYS.has(key)) {
      violations.push(
        violation(
          `dataCollection.${key}`,
          "cannot be patched: a patch changes displayName, displayField and permissions",
          "FIELD_NOT_ALLOWED",
        ),
      );
    }
  }
  if (raw.id !== undefined && raw.id !== pathId) {
    violations.push(violation("dataCollection.id", "must equal the id in the path", "OTHER"));
  }
  const patch: CollectionPatch = {};
  const displayName = collect(undefined, () =>
    readDisplayName(raw.displayName, "dataCollection.displayName"),
  );
  if (displayName !== undefined) patch.displayName = displayName;
  if (raw.displayField !== undefined) {
    if (raw.displayField !== null && typeof raw.displayField !== "string") {
      violations.push(violation("dataCollection.displayField", "must be a string"));
    } else {
      patch.displayField = raw.displayField === "" ? null : raw.displayField;
    }
  }
  if (raw.permissions !== undefined) {
    const permissions = collect(null, () =>
      readPermissions(raw.permissions, "dataCollection.permissions"),
    );
    if (permissions !== null) patch.permissions = permissions;
  }
  const revision = collect(null, () => readRevision(raw.revision, "dataCollection.revision"));
  throwIfAny();
  return { patch, revision };
}

export function registerCollectionRoutes(app: FastifyInstance, deps: CollectionsRouteDeps): void {
  const { collections, writer } = deps;

  app.post("/collections", async (request) => {
    const body = readBody(request.body);
    const definition = readCollectionDefinition(body.collection, "collection");
    requireAdmin(callerOf(request), "create", definition.id);
    return { collection: toWireCollection(writer.create(definition)) };
  });

  app.get("/collections", async (request) => {
    const caller = callerOf(request);
    const { limit, offset, key, descending } = readListQuery(request.query as QueryParams);
    const all = collections.list();
    if (key !== "id" || descending) {
      const sign = descending ? -1 : 1;
      all.sort((a, b) => sign * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
    }
    const page = all.slice(offset, offset + limit);
    return {
      collections: page.map((stored) => answerFor(caller, stored)),
      pagingMetadata: { count: page.length, offset, total: all.length, tooManyToCount: false },
    };
  });

  app.get<{ Params: { dataCollectionId: string } }>(
    "/collections/:dataCollectionId",
    async (request) => {
      getPayload(request.query as QueryParams, {
        strings: ["dataCollectionId"],
        booleans: ["consistentRead", "includeAllowedDataPermissions"],
        lists: ["fields"],
      });
      const id = readCollectionId(request.params.dataCollectionId);
      const stored = collections.get(id);
      if (stored === null) throw new ApiError("COLLECTION_NOT_FOUND", [id]);
      return { collection: answerFor(callerOf(request), stored) };
    },
  );

  app.put("/collections", async (request) => {
    const body = readBody(request.body);
    const { collect, throwIfAny } = createViolationCollector();
    const definition = collect(null, () => readCollectionDefinition(body.collection, "collection"));
    const raw = isPlainObject(body.collection) ? body.collection : {};
    const revision = collect(null, () => {
      const value = readRevision(raw.revision, "collection.revision");
      if (value === null) {
        throw validationError([
          violation("collection.revision", "must not be empty", "REQUIRED_FIELD"),
        ]);
      }
      return value;
    });
    throwIfAny();
    if (definition === null || revision === null) throw validationError([]);
    requireAdmin(callerOf(request), "update", definition.id);
    return { collection: toWireCollection(writer.update(definition, revision)) };
  });

  app.patch<{ Params: { dataCollectionId: string } }>(
    "/collections/:dataCollectionId",
    async (request) => {
      const id = readCollectionId(request.params.dataCollectionId);
      const body = readBody(request.body);
      const { patch, revision } = readPatch(body.dataCollection, id);
      requireAdmin(callerOf(request), "update", id);
      return { dataCollection: toWireCollection(writer.patch(id, patch, revision)) };
    },
  );

  app.delete<{ Params: { dataCollectionId: string } }>(
    "/collections/:dataCollectionId",
    async (request) => {
      const id = readCollectionId(request.params.dataCollectionId);
      requireAdmin(callerOf(request), "delete", id);
      writer.remove(id);
      return {};
    },
  );
}
