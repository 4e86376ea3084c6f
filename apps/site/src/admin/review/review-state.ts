/**
 * @module The review as the whole editor shares it: whether the signed-in collaborator's changes
 * wait for the owner (then they save drafts and send them for review, and the editor offers no
 * live save, publish or schedule: the store refuses those too), and what waits.
 */
import type { ReviewOverview, ReviewRequest, StaffRole } from "@consultant/site-content/wire";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { EditorApi } from "../api/editor-api.ts";
import { createReviewApi, type ReviewApi } from "./review-api.ts";

export type ReviewState = {
  api: ReviewApi;
  role: StaffRole;
  overview: ReviewOverview | null;
  refresh: () => Promise<void>;
};

export const ReviewContext = createContext<ReviewState | null>(null);

/** Loads what waits on sign-in and whenever the section changes (`section`). */
export function useReviewState(api: EditorApi, role: StaffRole, section: string): ReviewState {
  const reviewApi = useMemo(() => createReviewApi(api), [api]);
  const [overview, setOverview] = useState<ReviewOverview | null>(null);
  const refresh = useCallback(async () => {
    try {
      setOverview(await reviewApi.overview());
    } catch {
      // Kept as it was: the next section change asks again.
    }
  }, [reviewApi]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each section change asks again.
  useEffect(() => {
    void refresh();
  }, [refresh, section]);
  return { api: reviewApi, role, overview, refresh };
}

/**
 * Whether the signed-in staff member's changes wait for the owner's review: a collaborator
 * while it is on, and until the store has said (on is the store's default).
 */
export function useReviewed(): boolean {
  const state = useContext(ReviewContext);
  if (state === null || state.role === "owner") return false;
  return state.overview?.on ?? true;
}

/** What of the collection was sent for review, if anything. */
export function useReviewRequest(collectionId: string): ReviewRequest | null {
  const state = useContext(ReviewContext);
  return state?.overview?.requests.find((request) => request.collectionId === collectionId) ?? null;
}

export function useReviewContext(): ReviewState | null {
  return useContext(ReviewContext);
}
