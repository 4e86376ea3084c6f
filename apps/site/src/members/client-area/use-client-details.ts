import { type PageSettings, selectSettings } from "@consultant/site-content";
import type { MemberMe } from "@consultant/site-content/wire";
import { useEffect, useState } from "react";
import { pageDefaults } from "../../site.config.ts";
import { content, members } from "../member-clients.ts";
import { lastVisitKey } from "./client-area-data.ts";

export type ClientDetails = {
  /** Who the store says is signed in (`GET /members/api/me`). */
  me: MemberMe | null;
  settings: PageSettings;
  /** The previous visit (ISO) of this client in this browser, null on the first. */
  lastVisit: string | null;
};

function readLastVisit(email: string): string | null {
  try {
    const previous = window.localStorage.getItem(lastVisitKey(email));
    window.localStorage.setItem(lastVisitKey(email), new Date().toISOString());
    return previous;
  } catch {
    return null;
  }
}

/**
 * Who is signed in and how to reach the owner, read once. Either may fail on its own: the page
 * then greets without a name or shows the build's contact defaults.
 */
export function useClientDetails(): ClientDetails {
  const [details, setDetails] = useState<ClientDetails>({
    me: null,
    settings: pageDefaults,
    lastVisit: null,
  });
  useEffect(() => {
    let live = true;
    content.items
      .query({ dataCollectionId: "SiteSettings" })
      .then(({ items }) => {
        if (live) setDetails((now) => ({ ...now, settings: selectSettings(items, pageDefaults) }));
      })
      .catch(() => {});
    if (members.loggedIn()) {
      content
        .call<MemberMe>({ method: "GET", path: "/members/api/me" })
        .then((me) => {
          if (live) setDetails((now) => ({ ...now, me, lastVisit: readLastVisit(me.email) }));
        })
        .catch(() => {});
    }
    return () => {
      live = false;
    };
  }, []);
  return details;
}
