/**
 * @module The CDN purge webhook (`CDN_PURGE_URL`): after a request that changed the content, and
 * every few seconds for changes made by another process (the CLI's import or restore), one POST
 * names the content version and the paths whose answers changed. It runs after the answer was
 * sent, with a short timeout; a failure is logged and never fails or delays the owner's save.
 * With `claim` (nodes sharing a database), only the node that claims a version posts it, so a
 * change is purged once however many nodes notice it.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

export type PurgeWebhookOptions = {
  url: string;
  /** Bumped by every content write, whichever process writes. */
  contentVersion: () => number;
  timeoutMs?: number;
  /** How often a change made by another process is looked for. */
  pollMs?: number;
  /** Records `version` as purged; false when it (or a later one) already was, by any node. */
  claim?: (version: number) => boolean;
};

export type PurgeWebhook = {
  /** Posts the current content version when no purge has named it yet (after a scheduled publish). */
  notifyIfChanged(): void;
};

/** The answers a CDN may hold that depend on the content (the page and the GET queries). */
export const PURGED_PATHS = ["/", "/index.html", "/wix-data/v2/items/query", "/v2/items/query"];

export type PurgeNotice = { event: "content.changed"; contentVersion: number; paths: string[] };

async function post(url: string, notice: PurgeNotice, timeoutMs: number, log: FastifyBaseLogger) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(notice),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) log.warn(`CDN purge answered ${response.status} (${url})`);
  } catch (error) {
    log.warn(
      `CDN purge failed: ${error instanceof Error ? error.message : String(error)} (${url})`,
    );
  }
}

export function registerPurgeWebhook(
  app: FastifyInstance,
  { url, contentVersion, timeoutMs = 2000, pollMs = 5000, claim }: PurgeWebhookOptions,
): PurgeWebhook {
  let notified = contentVersion();

  function notifyIfChanged(): void {
    const version = contentVersion();
    if (version === notified) return;
    notified = version;
    if (claim !== undefined && !claim(version)) return;
    void post(
      url,
      { event: "content.changed", contentVersion: version, paths: PURGED_PATHS },
      timeoutMs,
      app.log,
    );
  }

  // Only writes change the content: reads, the hot path, skip the check.
  app.addHook("onResponse", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") notifyIfChanged();
  });
  const poll = setInterval(() => {
    try {
      notifyIfChanged();
    } catch (error) {
      app.log.warn({ err: error }, "CDN purge: cannot read the content version");
    }
  }, pollMs);
  poll.unref();
  app.addHook("onClose", async () => clearInterval(poll));
  return { notifyIfChanged };
}
