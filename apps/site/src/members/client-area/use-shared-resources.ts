import { isHttpError } from "@consultant/content-client";
import { useEffect, useState } from "react";
import { content, members } from "../member-clients.ts";
import {
  RESOURCES_COLLECTION,
  type SharedResource,
  toSharedResources,
} from "./shared-resources.ts";

export type ResourcesState =
  | { kind: "signed-out" }
  | { kind: "loading" }
  | { kind: "ready"; resources: SharedResource[] }
  /** The store refused the member's token (signed out elsewhere, blocked or deleted). */
  | { kind: "refused" }
  | { kind: "failed" };

/** Reads the signed-in member's resources once. */
export function useSharedResources(): ResourcesState {
  const [state, setState] = useState<ResourcesState>(() =>
    members.loggedIn() ? { kind: "loading" } : { kind: "signed-out" },
  );
  useEffect(() => {
    if (state.kind !== "loading") return;
    let live = true;
    content.items
      .query({ dataCollectionId: RESOURCES_COLLECTION })
      .then(({ items }) => {
        if (live) setState({ kind: "ready", resources: toSharedResources(items) });
      })
      .catch((error: unknown) => {
        const refused = isHttpError(error) && (error.status === 401 || error.status === 403);
        if (live) setState({ kind: refused ? "refused" : "failed" });
      });
    return () => {
      live = false;
    };
  }, [state.kind]);
  return state;
}
