import type { TokenStorage } from "../auth/token-store.ts";
import { loadHiddenFrame } from "./hidden-frame.ts";
import type { RedirectSession } from "./redirect-session.ts";

/** localStorage key holding the millisecond time of the last pre-warm (docs/protocol.md §7.5). */
export const PRE_WARM_STORAGE_KEY = "wixRedirectSessionLastPreWarm";
/** A pre-warm counts for 7 days (docs/protocol.md §7.5). */
export const PRE_WARM_INTERVAL_MS = 604_800_000;

/** The SDK's `sessions` helpers: keep a login redirect session warm at most once every 7 days. */
export interface SessionSync {
  /** Tells whether a pre-warm happened less than 7 days ago (read from localStorage). */
  isSessionSynced(): boolean;
  /**
   * Creates a `login` redirect session and loads it in a hidden frame, unless one was loaded in the
   * last 7 days (`force` skips that check). Never rejects: failures are logged as
   * 'Error during redirect session pre-warm:' and swallowed.
   */
  syncToWixPages(options?: { force?: boolean }): Promise<void>;
}

/** What the pre-warm needs from the member client. */
export interface SessionSyncOptions {
  createLoginSession: () => Promise<RedirectSession>;
  now: () => number;
  storage: () => TokenStorage | undefined;
}

/**
 * Creates the pre-warm helpers of docs/protocol.md §7.5.
 *
 * @throws never.
 */
export function createSessionSync(options: SessionSyncOptions): SessionSync {
  const { createLoginSession, now, storage } = options;
  const read = () => {
    try {
      return storage()?.getItem(PRE_WARM_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  };
  const write = (update: (target: TokenStorage) => void) => {
    try {
      const target = storage();
      if (target) update(target);
    } catch {
      // Blocked storage: the next page load simply pre-warms again.
    }
  };

  const isSessionSynced = () => {
    const last = Number.parseInt(read() ?? "", 10);
    return Number.isFinite(last) && now() - last < PRE_WARM_INTERVAL_MS;
  };

  return {
    isSessionSynced,
    async syncToWixPages({ force = false } = {}) {
      if (!force && isSessionSynced()) return;
      write((target) => target.removeItem(PRE_WARM_STORAGE_KEY));
      try {
        const { fullUrl } = await createLoginSession();
        await loadOnce(fullUrl);
        write((target) => target.setItem(PRE_WARM_STORAGE_KEY, String(now())));
      } catch (error) {
        console.error("Error during redirect session pre-warm:", error);
      }
    },
  };
}

function loadOnce(url: string): Promise<void> {
  if (typeof document === "undefined") {
    return Promise.reject(new TypeError("The pre-warm needs a browser document"));
  }
  return new Promise((resolve, reject) => {
    const frame = loadHiddenFrame(url);
    frame.onload = () => {
      frame.remove();
      resolve();
    };
    frame.onerror = () => {
      frame.remove();
      reject(new Error(`Could not load ${url}`));
    };
  });
}
