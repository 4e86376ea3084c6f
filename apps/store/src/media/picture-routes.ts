/**
 * @module `POST /admin/api/pictures?slot=…&alt=…[&id=…]`: the owner uploads a picture as the
 * request body (its bytes; any `image/*` or `application/octet-stream` Content-Type, since the
 * format is read from the bytes). The portrait and the logo are replaced in place; a client logo
 * is added at the end of the strip, or replaces the one named by `id`. Everything that can be
 * refused cheaply is refused before the body is read: no session, no CSRF token, a bad query,
 * a declared size above the limit, or all processing slots taken (429 PICTURE_BUSY).
 * With `draft=1` the picture's files are stored but no item is written: the answer is the item
 * as it would be, for the editor's draft (the live page shows it once the draft is published;
 * the preview shows it at once).
 */
import { randomUUID } from "node:crypto";
import {
  PICTURE_SLOTS,
  type PictureSlot,
  SINGLE_PICTURE_IDS,
  sortByOrder,
} from "@consultant/site-content";
import { LIMITS } from "@consultant/site-content/editor";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { allItemsQuery, type ItemsStore } from "../data/index.ts";
import { requireOwner } from "../identity/index.ts";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import type { Release, Semaphore } from "../platform/limits/semaphore.ts";
import { SITE_OWNER_ID } from "../platform/site-owner.ts";
import type { MediaFiles } from "./media-files.ts";
import { MAX_PICTURE_BYTES, storePicture } from "./process-picture.ts";

export const PICTURES_COLLECTION = "Pictures";
/** Seconds a refused upload waits before trying again. */
const BUSY_RETRY_AFTER_SECONDS = 5;
const BODY_TYPES = /^(image\/[\w.+-]+|application\/octet-stream)(;.*)?$/i;

export type PictureRoutesDeps = {
  store: ItemsStore;
  media: MediaFiles;
  /** Pictures processed at once (sharp uses a libuv thread and memory per picture). */
  processing: Semaphore;
  now: () => number;
  /** Refuses the caller a picture that goes live at once (a reviewed collaborator). */
  refuseLive?: (request: FastifyRequest) => void;
};

type UploadQuery = { slot: PictureSlot; alt: string; id: string | null; draft: boolean };

function readUploadQuery(query: unknown): UploadQuery {
  const params = (query ?? {}) as Record<string, unknown>;
  const slot = params.slot;
  const alt = typeof params.alt === "string" ? params.alt.trim() : "";
  const id = typeof params.id === "string" && params.id !== "" ? params.id : null;
  const draft = params.draft === "1" || params.draft === "true";
  const violations = [];
  if (typeof slot !== "string" || !(PICTURE_SLOTS as readonly string[]).includes(slot)) {
    violations.push(
      violation("slot", `must be one of ${PICTURE_SLOTS.join(", ")}`, "INVALID_ENUM_VALUE"),
    );
  }
  if (alt === "") {
    violations.push(
      violation("alt", "describe the picture for visitors who cannot see it", "REQUIRED_FIELD"),
    );
  } else if (alt.length > LIMITS.pictureAlt) {
    violations.push(violation("alt", `must be at most ${LIMITS.pictureAlt} characters`, "MAX"));
  }
  if (id !== null && (slot !== "client-logo" || id.length > 128)) {
    violations.push(violation("id", "names a client logo to replace", "FIELD_NOT_ALLOWED"));
  }
  if (violations.length > 0) throw validationError(violations);
  return { slot: slot as PictureSlot, alt, id, draft };
}

const releases = new WeakMap<FastifyRequest, Release>();

export async function pictureRoutes(app: FastifyInstance, deps: PictureRoutesDeps) {
  const { store, media, processing, now } = deps;

  app.addContentTypeParser(
    BODY_TYPES,
    { parseAs: "buffer", bodyLimit: MAX_PICTURE_BYTES },
    (_request, body, done) => done(null, body),
  );

  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireOwner(request, reply);
    if (!readUploadQuery(request.query).draft) deps.refuseLive?.(request);
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > MAX_PICTURE_BYTES) throw new ApiError("PICTURE_TOO_LARGE");
    const release = processing.tryAcquire();
    if (release === null) {
      reply.header("retry-after", String(BUSY_RETRY_AFTER_SECONDS));
      throw new ApiError("PICTURE_BUSY");
    }
    releases.set(request, release);
  }
  const release = async (request: FastifyRequest) => releases.get(request)?.();

  app.post(
    "/api/pictures",
    {
      bodyLimit: MAX_PICTURE_BYTES,
      onRequest: admit,
      onResponse: release,
      onRequestAbort: release,
      // Fastify's own errors (body too large, no body) in words the owner can act on.
      errorHandler: (error, request) => {
        void release(request);
        const code = (error as { code?: string }).code;
        if (code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new ApiError("PICTURE_TOO_LARGE");
        if (code === "FST_ERR_CTP_EMPTY_BODY") throw new ApiError("PICTURE_UNREADABLE");
        if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new ApiError("PICTURE_UNREADABLE");
        throw error;
      },
    },
    async (request, reply) => {
      const query = readUploadQuery(request.query);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new ApiError("PICTURE_UNREADABLE");
      }
      const existingId = query.id ?? singleId(query.slot);
      const existing = existingId === null ? null : store.getItem(PICTURES_COLLECTION, existingId);
      if (query.id !== null && (existing === null || existing.data.slot !== "client-logo")) {
        throw new ApiError("PICTURE_NOT_FOUND", [query.id]);
      }
      const files = await storePicture(request.body, query.slot, media);
      const fields = { slot: query.slot, alt: query.alt, ...files };
      if (query.draft) {
        const order = existing === null ? nextOrder(store) : existing.data.order;
        const id = existing?.id ?? existingId ?? randomUUID();
        return reply.send({
          item: { ...fields, ...(order === undefined ? {} : { order }), _id: id },
        });
      }
      const item = store.transaction(() => {
        if (existing !== null) {
          const order = existing.data.order;
          return store.update(
            PICTURES_COLLECTION,
            existing.id,
            { ...fields, ...(order === undefined ? {} : { order }), _id: existing.id },
            now(),
          );
        }
        const id = existingId ?? randomUUID();
        return store.insert(
          PICTURES_COLLECTION,
          { ...fields, order: nextOrder(store), _id: id },
          { now: now(), ownerId: SITE_OWNER_ID },
        );
      });
      return reply.send({ item: item?.data ?? null });
    },
  );
}

function singleId(slot: PictureSlot): string | null {
  return slot === "client-logo" ? null : SINGLE_PICTURE_IDS[slot];
}

function nextOrder(store: ItemsStore): number {
  const items = sortByOrder(
    store.query(allItemsQuery(PICTURES_COLLECTION)).map((item) => item.data),
  );
  const last = items.at(-1)?.order;
  return typeof last === "number" && Number.isFinite(last) ? Math.floor(last) + 1 : 1;
}
