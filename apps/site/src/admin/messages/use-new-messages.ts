import { useCallback, useEffect, useState } from "react";
import type { EditorApi } from "../api/editor-api.ts";

/** How often the editor asks for new contact messages while it is open. */
const EVERY_MS = 60_000;

/**
 * How many contact messages are new (not yet read), for the menu's count: asked at once, every
 * minute, and when the Messages view changes one (`recount`). Null until known.
 */
export function useNewMessages(api: EditorApi, enabled: boolean): [number | null, () => void] {
  const [count, setCount] = useState<number | null>(null);
  const recount = useCallback(() => {
    if (!enabled) return;
    api.contactMessages().then(
      (messages) => setCount(messages.filter((message) => message.status === "new").length),
      () => {},
    );
  }, [api, enabled]);
  useEffect(() => {
    recount();
    const timer = setInterval(recount, EVERY_MS);
    return () => clearInterval(timer);
  }, [recount]);
  return [count, recount];
}
