/**
 * @module The one check of every route that would put a change live (publish, schedule,
 * unpublish, restore, a picture straight to the page): a collaborator is refused it while the
 * owner reviews collaborators' changes. The data API asks the same setting in its permission
 * check (data/access/access-control.ts).
 */
import type { FastifyRequest } from "fastify";
import type { AccessStore } from "../../platform/db/access-store.ts";
import { ApiError } from "../../platform/errors.ts";

/** @throws ApiError REVIEW_REQUIRED for a collaborator while review is on. */
export function refuseUnreviewed(request: FastifyRequest, access: AccessStore): void {
  if (request.owner?.role === "editor" && access.collaboratorsReviewed()) {
    throw new ApiError("REVIEW_REQUIRED");
  }
}
