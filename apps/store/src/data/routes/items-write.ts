/**
 * @module Single-item writes (docs/protocol.md §2.5, §2.6) in both route generations: insert,
 * update (`POST /items/update` and `PUT /items/{id}`), patch, save, remove (`POST /items/remove`
 * and `DELETE /items/{id}`) and truncate. Update, patch, save and remove honour `condition`, and
 * the caller's scope (a member under SITE_MEMBER_AUTHOR: their own items); truncate needs
 * permission on every item.
 */
import type { FastifyInstance } from "fastify";
import { validationError, violation } from "../../platform/errors.ts";
import { type Caller, callerOf } from "../../platform/http/caller.ts";
import { getPayload } from "../../platform/http/get-payload.ts";
import type { QueryParams } from "../../platform/http/query-string.ts";
import {
  createViolationCollector,
  readBody,
  readCollectionId,
  readItemId,
} from "../../platform/query/request-fields.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import { readCondition, readDataItem } from "../items/item-input.ts";
import { type ItemsRouteDeps, toDataItem } from "../items/items-deps.ts";
import { readFieldModifications } from "../items/patch.ts";

export function registerItemWriteRoutes(app: FastifyInstance, deps: ItemsRouteDeps): void {
  const { writer, access } = deps;

  /** Validates `dataCollectionId`, `dataItem` and `condition` of insert, update and save. */
  function readItemWrite(payload: unknown, pathId?: string) {
    const body = readBody(payload);
    const { collect, throwIfAny, violations } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    let input = collect(null, () => readDataItem(body.dataItem, "dataItem"));
    const condition = collect(null, () => readCondition(body.condition));
    if (pathId !== undefined && input !== null) {
      const id = collect(null, () => readItemId(pathId, "dataItemId"));
      if (input.id !== null && id !== null && input.id !== id) {
        violations.push(violation("dataItem.id", "must equal the id in the path", "OTHER"));
      }
      input = { ...input, id: input.id ?? id };
    }
    throwIfAny();
    if (input === null) throw validationError([violation("dataItem", "is required")]);
    return { collectionId, input, condition };
  }

  app.post("/items", async (request) => {
    const { collectionId, input } = readItemWrite(request.body);
    const caller = callerOf(request);
    access.authorize(caller, collectionId, "insert");
    return { dataItem: toDataItem(writer.insert(collectionId, input, caller.id)) };
  });

  async function update(payload: unknown, pathId: string | undefined, caller: Caller) {
    const { collectionId, input, condition } = readItemWrite(payload, pathId);
    const scope = access.scope(caller, collectionId, "update");
    const item = await writer.updateConcurrently(collectionId, input, condition, scope);
    return { dataItem: toDataItem(item) };
  }

  app.post("/items/update", async (request) => update(request.body, undefined, callerOf(request)));

  app.put<{ Params: { dataItemId: string } }>("/items/:dataItemId", async (request) =>
    update(request.body, request.params.dataItemId, callerOf(request)),
  );

  app.post("/items/save", async (request) => {
    const { collectionId, input, condition } = readItemWrite(request.body);
    const caller = callerOf(request);
    access.authorize(caller, collectionId, "insert");
    const scope = access.scope(caller, collectionId, "update");
    const { action, item } = writer.save(collectionId, input, condition, caller.id, scope);
    return { action, dataItem: toDataItem(item) };
  });

  app.post("/items/patch", async (request) => {
    const body = readBody(request.body);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const patch = isPlainObject(body.patch) ? body.patch : {};
    const id = collect("", () => readItemId(patch.dataItemId, "patch.dataItemId"));
    const modifications = collect([], () =>
      readFieldModifications(patch.fieldModifications, "patch.fieldModifications"),
    );
    const condition = collect(null, () => readCondition(body.condition));
    throwIfAny();
    const scope = access.scope(callerOf(request), collectionId, "update");
    return {
      dataItem: toDataItem(writer.patch(collectionId, id, modifications, condition, scope)),
    };
  });

  function remove(payload: unknown, pathId: unknown, caller: Caller) {
    const body = readBody(payload);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const id = collect("", () => readItemId(pathId, "dataItemId"));
    const condition = collect(null, () => readCondition(body.condition));
    throwIfAny();
    const scope = access.scope(caller, collectionId, "remove");
    return { dataItem: toDataItem(writer.remove(collectionId, id, condition, scope)) };
  }

  app.post("/items/remove", async (request) => {
    const body = readBody(request.body);
    return remove(body, body.dataItemId, callerOf(request));
  });

  app.delete<{ Params: { dataItemId: string } }>("/items/:dataItemId", async (request) => {
    const payload = getPayload(request.query as QueryParams, { strings: ["dataCollectionId"] });
    const fromBody = isPlainObject(request.body) ? request.body : {};
    return remove({ ...fromBody, ...payload }, request.params.dataItemId, callerOf(request));
  });

  app.post("/items/truncate", async (request) => {
    const body = readBody(request.body);
    const collectionId = readCollectionId(body.dataCollectionId);
    access.authorize(callerOf(request), collectionId, "remove");
    writer.truncate(collectionId);
    return {};
  });
}
