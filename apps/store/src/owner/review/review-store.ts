/**
 * @module All SQL for the owner's review of collaborators' changes (`review_requests`): one row
 * per collection whose draft a collaborator sent, waiting or sent back with a note. The draft
 * itself stays in `pending_changes` (storage/drafts-store.ts).
 */
import type { ReviewStatus } from "@consultant/site-content/wire";
import type { Db } from "../../platform/db/sql-db.ts";

export type StoredReview = {
  collectionId: string;
  sentById: string;
  sentBy: string;
  sentAt: number;
  status: ReviewStatus;
  note: string | null;
  decidedAt: number | null;
};

type ReviewRow = {
  collection_id: string;
  sent_by_id: string;
  sent_by: string;
  sent_at: number | string;
  status: ReviewStatus;
  note: string | null;
  decided_at: number | string | null;
};

const COLUMNS = "collection_id, sent_by_id, sent_by, sent_at, status, note, decided_at";

function toReview(row: ReviewRow): StoredReview {
  return {
    collectionId: row.collection_id,
    sentById: row.sent_by_id,
    sentBy: row.sent_by,
    sentAt: Number(row.sent_at),
    status: row.status,
    note: row.note,
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  };
}

export type ReviewStore = ReturnType<typeof createReviewStore>;

export function createReviewStore(db: Db) {
  const statements = {
    list: db.prepare<[], ReviewRow>(`SELECT ${COLUMNS} FROM review_requests ORDER BY sent_at`),
    get: db.prepare<[string], ReviewRow>(
      `SELECT ${COLUMNS} FROM review_requests WHERE collection_id = ?`,
    ),
    send: db.prepare(
      `INSERT INTO review_requests (${COLUMNS})
       VALUES (@collectionId, @sentById, @sentBy, @sentAt, 'waiting', NULL, NULL)
       ON CONFLICT (collection_id) DO UPDATE SET sent_by_id = excluded.sent_by_id,
         sent_by = excluded.sent_by, sent_at = excluded.sent_at, status = 'waiting',
         note = NULL, decided_at = NULL`,
    ),
    sendBack: db.prepare(
      `UPDATE review_requests SET status = 'returned', note = @note, decided_at = @at
       WHERE collection_id = @collectionId AND status = 'waiting'`,
    ),
    remove: db.prepare("DELETE FROM review_requests WHERE collection_id = ?"),
    takeWaiting: db.prepare<[string], ReviewRow>(
      `DELETE FROM review_requests WHERE collection_id = ? AND status = 'waiting'
       RETURNING ${COLUMNS}`,
    ),
  };

  return {
    list(): StoredReview[] {
      return statements.list.all().map(toReview);
    },
    get(collectionId: string): StoredReview | null {
      const row = statements.get.get(collectionId);
      return row === undefined ? null : toReview(row);
    },
    send(review: Pick<StoredReview, "collectionId" | "sentById" | "sentBy" | "sentAt">): void {
      statements.send.run(review);
    },
    /** Marks a waiting request sent back; false when none waited. */
    sendBack(collectionId: string, note: string, at: number): boolean {
      return statements.sendBack.run({ collectionId, note, at }).changes > 0;
    },
    /** Claims a waiting request (one approval wins); null when none waited. */
    takeWaiting(collectionId: string): StoredReview | null {
      const row = statements.takeWaiting.get(collectionId);
      return row === undefined ? null : toReview(row);
    },
    remove(collectionId: string): void {
      statements.remove.run(collectionId);
    },
  };
}
