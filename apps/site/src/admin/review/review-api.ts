/**
 * @module The owner's review of collaborators' changes, typed, over the editor's signed-in
 * client (`/admin/api/review`, CSRF token on writes).
 */
import type { Publication, ReviewOverview, ReviewRequest } from "@consultant/site-content/wire";
import type { EditorApi } from "../api/editor-api.ts";

export type { ReviewOverview, ReviewRequest };

export type ReviewApi = ReturnType<typeof createReviewApi>;

const ROOT = "/admin/api/review";
const at = (collectionId: string, action: string) =>
  `${ROOT}/${encodeURIComponent(collectionId)}/${action}`;

export function createReviewApi({ call }: Pick<EditorApi, "call">) {
  return {
    overview(): Promise<ReviewOverview> {
      return call<ReviewOverview>({ method: "GET", path: ROOT });
    },
    async setOn(on: boolean): Promise<void> {
      await call({ method: "PUT", path: `${ROOT}/setting`, body: { on } });
    },
    async send(collectionId: string): Promise<ReviewRequest> {
      return (
        await call<{ request: ReviewRequest }>({
          method: "POST",
          path: at(collectionId, "send"),
          body: {},
        })
      ).request;
    },
    async approve(collectionId: string): Promise<Publication[]> {
      return (
        await call<{ published: Publication[] }>({
          method: "POST",
          path: at(collectionId, "approve"),
          body: {},
        })
      ).published;
    },
    async sendBack(collectionId: string, note: string): Promise<void> {
      await call({ method: "POST", path: at(collectionId, "send-back"), body: { note } });
    },
  };
}
