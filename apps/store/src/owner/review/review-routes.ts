/**
 * @module The owner's review under `/admin/api/review`: what waits (any staff member reads it,
 * so a collaborator sees the owner's note), sending a collection's draft for review (any staff
 * member), and the owner's own calls: the setting, approving (publishing) and sending back with
 * a note. Each records itself in the audit log, naming the collaborator.
 */
import type { ReviewOverview, ReviewRequest } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuditLog, IdentityContext } from "../../identity/index.ts";
import { requireOwner, requireOwnerRole } from "../../identity/index.ts";
import { validationError, violation } from "../../platform/errors.ts";
import { bodyObject } from "../../platform/http/body-object.ts";
import { readPageCollection } from "../drafts/draft-input.ts";
import type { Review } from "./review-service.ts";

/** The longest note the owner sends back. */
export const REVIEW_NOTE_MAX = 2000;

type CollectionParams = { Params: { collectionId: string } };

export type ReviewRoutesDeps = { review: Review; audit: AuditLog; identity: IdentityContext };

function readNote(raw: unknown): string {
  const note = typeof raw === "string" ? raw.trim() : "";
  if (note === "") {
    throw validationError([
      violation("note", "say what should change before it goes live", "REQUIRED_FIELD"),
    ]);
  }
  if (note.length > REVIEW_NOTE_MAX) {
    throw validationError([violation("note", `must be at most ${REVIEW_NOTE_MAX} characters`)]);
  }
  return note;
}

export function registerReviewRoutes(app: FastifyInstance, deps: ReviewRoutesDeps): void {
  const { review, audit, identity } = deps;
  const ownerOnly = { preHandler: requireOwnerRole };

  function record(request: FastifyRequest, action: string, target: string | null): void {
    audit.record({
      actorId: request.owner?.session.identityId ?? null,
      actorKind: request.owner?.role ?? "owner",
      action,
      target,
      address: request.ip,
    });
  }

  /** The staff member as the owner knows them: their name, else their e-mail. */
  function senderOf(request: FastifyRequest) {
    const id = request.owner?.session.identityId ?? "";
    const name = identity.store.byId(id)?.profile.firstName;
    const named = typeof name === "string" && name.trim() !== "";
    return { id, name: named ? name.trim() : (request.owner?.email ?? "a collaborator") };
  }

  app.get(
    "/api/review",
    { preHandler: requireOwner },
    async (): Promise<ReviewOverview> => review.overview(),
  );

  app.put("/api/review/setting", ownerOnly, async (request) => {
    const on = bodyObject(request).on;
    if (typeof on !== "boolean") throw validationError([violation("on", "must be true or false")]);
    review.setOn(on);
    record(request, on ? "review.on" : "review.off", null);
    return { on };
  });

  app.post<CollectionParams>(
    "/api/review/:collectionId/send",
    { preHandler: requireOwner },
    async (request): Promise<{ request: ReviewRequest }> => {
      const collectionId = readPageCollection(request.params.collectionId);
      const sent = review.send(collectionId, senderOf(request));
      record(request, "review.send", collectionId);
      return { request: sent };
    },
  );

  app.post<CollectionParams>("/api/review/:collectionId/approve", ownerOnly, async (request) => {
    const collectionId = readPageCollection(request.params.collectionId);
    const { published, review: approved } = review.approve(
      collectionId,
      request.owner?.email ?? "owner",
    );
    record(request, "review.approve", `${collectionId}/${approved.sentById}`);
    return { published };
  });

  app.post<CollectionParams>("/api/review/:collectionId/send-back", ownerOnly, async (request) => {
    const collectionId = readPageCollection(request.params.collectionId);
    const returned = review.sendBack(collectionId, readNote(bodyObject(request).note));
    record(request, "review.send-back", `${collectionId}/${returned.sentById}`);
    return { sentBack: true };
  });
}
