/**
 * @module Reference calls (docs/protocol.md §2.10): query-referenced, is-referenced, the single
 * insert/remove-reference routes, replace-references and the bulk insert/remove-references.
 * Changing references needs update permission on the referring collection; the referring item
 * must exist, the referenced one may not (it is then reported as unresolved).
 */
import type { FastifyInstance } from "fastify";
import { validationError, violation } from "../../platform/errors.ts";
import { type Caller, callerOf } from "../../platform/http/caller.ts";
import { parseFieldPath } from "../../platform/query/parse-filter.ts";
import {
  createViolationCollector,
  readBody,
  readCollectionId,
  readFields,
  readItemId,
  readOptionalBoolean,
  readSortOrder,
} from "../../platform/query/request-fields.ts";
import { isPlainObject, wellFormed } from "../../platform/query/values.ts";
import { bulkActionMetadata, itemError, MAX_BULK_ITEMS, readBulkList } from "../items/bulk-list.ts";
import { type ItemsRouteDeps, toDataItem } from "../items/items-deps.ts";
import { pageOf, readPagedCall } from "../items/paged-call.ts";
import type { Reference } from "../items/reference-writer.ts";

const MAX_FIELD_NAME_LENGTH = 256;

function readFieldName(raw: unknown, at: string): string {
  parseFieldPath(raw, at);
  const name = raw as string;
  if (name.length > MAX_FIELD_NAME_LENGTH) {
    throw validationError([
      violation(at, `must be at most ${MAX_FIELD_NAME_LENGTH} characters`, "MAX", {
        threshold: MAX_FIELD_NAME_LENGTH,
      }),
    ]);
  }
  return wellFormed(name);
}

/** A `DataItemReference` at `at` (or the same three fields at the top level of a body). */
function readReference(raw: unknown, at: string): Reference {
  const prefix = at === "" ? "" : `${at}.`;
  if (!isPlainObject(raw)) {
    throw validationError([violation(at, "must be a reference object", "REQUIRED_FIELD")]);
  }
  const { collect, throwIfAny } = createViolationCollector();
  const field = collect("", () =>
    readFieldName(raw.referringItemFieldName, `${prefix}referringItemFieldName`),
  );
  const referringId = collect("", () =>
    readItemId(raw.referringItemId, `${prefix}referringItemId`),
  );
  const referencedId = collect("", () =>
    readItemId(raw.referencedItemId, `${prefix}referencedItemId`),
  );
  throwIfAny();
  return { field, referringId: wellFormed(referringId), referencedId: wellFormed(referencedId) };
}

function toWire(reference: Reference) {
  return {
    referringItemFieldName: reference.field,
    referringItemId: reference.referringId,
    referencedItemId: reference.referencedId,
  };
}

export function registerReferenceRoutes(app: FastifyInstance, deps: ItemsRouteDeps): void {
  const { store, references, referenceWriter, access, cursorKey } = deps;

  /** `dataCollectionId` and a reference at `at` ("" for the body's own fields). */
  function readCollectionAndReference(payload: unknown, at: string) {
    const body = readBody(payload);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const reference = collect(null, () => readReference(at === "" ? body : body[at], at));
    throwIfAny();
    return { collectionId, reference: reference as Reference };
  }

  app.post("/items/is-referenced", async (request) => {
    const { collectionId, reference } = readCollectionAndReference(request.body, "");
    access.authorize(callerOf(request), collectionId, "read");
    return { isReferenced: references.exists({ collectionId, ...reference }) };
  });

  app.post("/items/insert-reference", async (request) => {
    const { collectionId, reference } = readCollectionAndReference(
      request.body,
      "dataItemReference",
    );
    access.authorize(callerOf(request), collectionId, "update");
    referenceWriter.insert(collectionId, reference);
    return { dataItemReference: toWire(reference) };
  });

  app.post("/items/remove-reference", async (request) => {
    const { collectionId, reference } = readCollectionAndReference(
      request.body,
      "dataItemReference",
    );
    access.authorize(callerOf(request), collectionId, "update");
    referenceWriter.remove(collectionId, reference);
    return { dataItemReference: toWire(reference) };
  });

  app.post("/items/replace-references", async (request) => {
    const body = readBody(request.body);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const field = collect("", () =>
      readFieldName(body.referringItemFieldName, "referringItemFieldName"),
    );
    const referringId = collect("", () => readItemId(body.referringItemId, "referringItemId"));
    const list = collect([], () => readBulkList(body, "newReferencedItemIds"));
    const ids = list.map((raw, i) =>
      collect("", () => wellFormed(readItemId(raw, `newReferencedItemIds[${i}]`))),
    );
    throwIfAny();
    access.authorize(callerOf(request), collectionId, "update");
    const referring = wellFormed(referringId);
    const unique = [...new Set(ids)];
    referenceWriter.replace(collectionId, field, referring, unique);
    return {
      dataItemReferences: unique.map((referencedId) =>
        toWire({ field, referringId: referring, referencedId }),
      ),
    };
  });

  function bulk(payload: unknown, caller: Caller, action: "INSERT" | "DELETE") {
    const body = readBody(payload);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const list = collect([], () => readBulkList(body, "dataItemReferences"));
    const entries = list.map((raw, i) =>
      collect(null, () => readReference(raw, `dataItemReferences[${i}]`)),
    );
    const returnEntity = collect(undefined, () =>
      readOptionalBoolean(body.returnEntity, "returnEntity"),
    );
    throwIfAny();
    access.authorize(caller, collectionId, "update");
    const results = referenceWriter.each(entries, (entry, originalIndex) => {
      const reference = entry as Reference;
      try {
        if (action === "INSERT") referenceWriter.insert(collectionId, reference);
        else referenceWriter.remove(collectionId, reference);
        return {
          action,
          referenceMetadata: { originalIndex, success: true },
          ...(returnEntity ? { dataItemReference: toWire(reference) } : {}),
        };
      } catch (error) {
        return {
          action,
          referenceMetadata: { originalIndex, success: false, error: itemError(error) },
        };
      }
    });
    return {
      results,
      bulkActionMetadata: bulkActionMetadata(results.map((result) => result.referenceMetadata)),
    };
  }

  app.post("/bulk/items/insert-references", async (request) =>
    bulk(request.body, callerOf(request), "INSERT"),
  );
  app.post("/bulk/items/remove-references", async (request) =>
    bulk(request.body, callerOf(request), "DELETE"),
  );

  app.post("/items/query-referenced", async (request) => {
    const body = readBody(request.body);
    const collectionId = readCollectionId(body.dataCollectionId);
    const context = {
      call: "referenced",
      collectionId,
      key: cursorKey,
      carried: ["referringItemId", "referringItemIds", "referringItemFieldName", "order", "fields"],
    };
    const call = readPagedCall(body, context);
    const { collect, throwIfAny, violations } = createViolationCollector();
    const { referringItemId, referringItemIds } = call.fields;
    const rawIds =
      referringItemIds == null
        ? referringItemId == null
          ? []
          : [referringItemId]
        : referringItemIds;
    if (!Array.isArray(rawIds) || rawIds.length === 0 || rawIds.length > MAX_BULK_ITEMS) {
      violations.push(
        violation(
          "referringItemIds",
          `referringItemId or 1 to ${MAX_BULK_ITEMS} referringItemIds are required`,
          "REQUIRED_FIELD",
        ),
      );
    }
    const ids = (Array.isArray(rawIds) ? rawIds : []).map((raw, i) =>
      collect("", () => wellFormed(readItemId(raw, `referringItemIds[${i}]`))),
    );
    const field = collect("", () =>
      readFieldName(call.fields.referringItemFieldName, "referringItemFieldName"),
    );
    const order = collect(undefined, () => readSortOrder(call.fields.order, "order"));
    const fields = collect([], () => readFields(call.fields.fields, "fields"));
    throwIfAny();
    const caller = callerOf(request);
    access.authorize(caller, collectionId, "read");
    const target = references.referencedCollection(collectionId, field);
    const readable = access.can(caller, target, "read");
    const rows = references.list(collectionId, field, ids);
    if (order === "DESC") rows.reverse();
    const results = rows.map(({ referringId, referencedId }) => {
      const item = readable ? store.getItem(target, referencedId) : null;
      if (item !== null)
        return { referringItemId: referringId, dataItem: toDataItem(item, fields) };
      return {
        referringItemId: referringId,
        unresolvedReference: {
          referringItemId: referringId,
          referringItemFieldName: field,
          referencedItemId: referencedId,
          unauthorized: !readable,
        },
      };
    });
    const { page, pagingMetadata } = pageOf(results, call, context);
    return { results: page, pagingMetadata };
  });
}
