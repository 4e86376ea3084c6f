/**
 * @module Every member, for the forms that name one (a client resource's "Shared with"), kept
 * fresh by the Members view after each change. Without a provider (tests of a lone form) there
 * is no directory and forms fall back to typing a member id.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { EditorApi, MemberSummary } from "../api/editor-api.ts";

export type MemberDirectory = { members: MemberSummary[]; reload: () => void };

export const MemberDirectoryContext = createContext<MemberDirectory | null>(null);

export function useMemberDirectory(): MemberDirectory | null {
  return useContext(MemberDirectoryContext);
}

/**
 * Loads every member once and again on `reload`; a failed load keeps the last list. Off for a
 * collaborator, whom the store does not show members.
 */
export function useMemberDirectoryState(api: EditorApi, enabled = true): MemberDirectory {
  const [members, setMembers] = useState<MemberSummary[]>([]);
  const reload = useCallback(() => {
    if (!enabled) return;
    api
      .members()
      .then((page) => setMembers(page.members))
      .catch(() => {});
  }, [api, enabled]);
  useEffect(reload, [reload]);
  return useMemo(() => ({ members, reload }), [members, reload]);
}
