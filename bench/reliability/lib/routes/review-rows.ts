/**
 * @module The owner's review of collaborators' changes: what waits (the owner's or a
 * collaborator's session), sending a draft for review (both), and the owner's setting, approval
 * and sending back. `seedReview` gives each store a draft to send and two waiting requests, one
 * for the approve row and one for the send-back row, in collections no other row drafts.
 */
import type { Db } from "../../../../apps/store/src/main/testing.ts";
import type { RouteRow } from "./route-row.ts";

const SENT = "WhyWorkWithMe";
const TO_APPROVE = "HomePage";
const TO_SEND_BACK = "PageWords";

/** A draft in each collection, and the two waiting requests. */
export function seedReview(db: Db, now: number): void {
  const addChange = db.prepare(
    `INSERT INTO pending_changes (collection_id, item_id, kind, data, publish_at, saved_by, saved_at, scheduled_by)
     VALUES (?, 'review-seed', 'put', ?, NULL, 'assistant@example.com', ?, NULL)`,
  );
  const addRequest = db.prepare(
    `INSERT INTO review_requests (collection_id, sent_by_id, sent_by, sent_at, status, note, decided_at)
     VALUES (?, 'collaborator-signed-in', 'assistant@example.com', ?, 'waiting', NULL, NULL)`,
  );
  for (const collection of [SENT, TO_APPROVE, TO_SEND_BACK]) {
    const data = { _id: "review-seed", title_fld: "Review", data: "Drafted" };
    addChange.run(collection, JSON.stringify(data), now);
  }
  addRequest.run(TO_APPROVE, now);
  addRequest.run(TO_SEND_BACK, now);
}

export const REVIEW_ROWS: RouteRow[] = [
  {
    name: "review overview",
    method: "GET",
    pattern: "/admin/api/review",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/review" }),
  },
  {
    name: "review setting",
    method: "PUT",
    pattern: "/admin/api/review/setting",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/review/setting", body: { on: false } }),
  },
  {
    name: "review send",
    method: "POST",
    pattern: "/admin/api/review/:collectionId/send",
    access: { kind: "staff" },
    example: () => ({ url: `/admin/api/review/${SENT}/send`, body: {} }),
  },
  {
    name: "review approve",
    method: "POST",
    pattern: "/admin/api/review/:collectionId/approve",
    access: { kind: "owner" },
    example: () => ({ url: `/admin/api/review/${TO_APPROVE}/approve`, body: {} }),
  },
  {
    name: "review send back",
    method: "POST",
    pattern: "/admin/api/review/:collectionId/send-back",
    access: { kind: "owner" },
    example: () => ({
      url: `/admin/api/review/${TO_SEND_BACK}/send-back`,
      body: { note: "Shorter, please." },
    }),
  },
];
