/**
 * @module The owner's calendar as busy time (docs/bookings.md, "The owner's calendar"): the ICS
 * feed's address, read on a schedule and on demand, its last good copy kept in the database and
 * read into busy stretches once per node per change (calendar-feed-parse.ts), which the slot
 * finder adds to the bookings' claimed time. A feed that cannot be fetched or read is recorded
 * for the owner to see, and the last good copy keeps blocking; nothing of it ever fails a slot
 * list. On several nodes one read per tick: the node that claims the tick's row reads.
 */
import type { FastifyBaseLogger } from "fastify";
import { validationError, violation } from "../platform/errors.ts";
import type { TakenTime } from "./availability.ts";
import type { BookingsConfig } from "./bookings-config.ts";
import { FeedFetchError, feedUrlOf, fetchFeed } from "./calendar-feed-fetch.ts";
import { busyTimesOf, CalendarFeedError } from "./calendar-feed-parse.ts";
import type { CalendarFeedStore } from "./calendar-feed-store.ts";

const DAY = 86_400_000;
/** Busy time is expanded this far ahead: the longest booking window (wire-input.ts) and a day. */
const AHEAD_MS = 2 * 366 * DAY + DAY;
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "the feed's server refused the connection",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host's name could not be looked up",
  ECONNRESET: "the connection was cut",
  CERT_HAS_EXPIRED: "the feed's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the feed's certificate is not trusted",
};

export type CalendarFeedStatus = {
  url: string;
  lastReadAt: number | null;
  lastGoodAt: number | null;
  lastError: string | null;
  eventCount: number;
};

function reasonOf(error: unknown): string {
  if (error instanceof FeedFetchError || error instanceof CalendarFeedError) return error.message;
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code;
  const known = typeof code === "string" ? NETWORK_WORDS[code] : undefined;
  if (known !== undefined) return known;
  return `the feed could not be read (${error instanceof Error ? error.message : String(error)})`;
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>;

export function createCalendarFeed(deps: {
  store: CalendarFeedStore;
  config: BookingsConfig;
  now: () => number;
  /** The owner's zone now (floating times and all-day events are read in it). */
  ownerZone: () => string;
}) {
  const { store, config, now, ownerZone } = deps;
  let kept: { version: number; zone: string; from: number; busy: TakenTime[] } | null = null;

  function status(): CalendarFeedStatus {
    const row = store.row();
    return {
      url: row?.url ?? "",
      lastReadAt: row?.lastReadAt ?? null,
      lastGoodAt: row?.lastGoodAt ?? null,
      lastError: row?.lastError ?? null,
      eventCount: row?.eventCount ?? 0,
    };
  }

  function windowAt(at: number, zone: string) {
    return { ownerZone: zone, from: at - 2 * DAY, to: at + AHEAD_MS };
  }

  /** Fetches and reads the feed, keeping the copy if it reads, recording why if not. */
  async function readNow(): Promise<CalendarFeedStatus> {
    const url = store.row()?.url ?? "";
    if (url === "") return status();
    try {
      const text = (await fetchFeed(url, config.feed)).replaceAll("\u0000", "");
      const { events } = busyTimesOf(text, windowAt(now(), ownerZone()));
      store.recordGood(url, text, events, now());
    } catch (error) {
      store.recordBad(url, reasonOf(error), now());
    }
    return status();
  }

  return {
    status,
    readNow,

    /** Sets the feed's address ('' removes it); the old copy stops blocking at once. */
    async setUrl(body: Record<string, unknown>): Promise<CalendarFeedStatus> {
      const text = typeof body.url === "string" ? body.url.trim() : null;
      if (text === null || text.length > 2000 || (text !== "" && feedUrlOf(text) === null)) {
        throw validationError([
          violation(
            "url",
            "must be the calendar's http, https or webcal address (no user name or password), or empty",
          ),
        ]);
      }
      // The same address again is a read: its last good copy keeps blocking if this one fails.
      if (text !== "" && text === store.row()?.url) return readNow();
      store.setUrl(text, now());
      kept = null;
      return text === "" ? status() : readNow();
    },

    /** Reads the feed when its time has come and no other node took this tick. */
    async readIfDue(): Promise<boolean> {
      const at = now();
      if (!store.claim(at, at + config.feed.readEveryMs)) return false;
      await readNow();
      return true;
    },

    /** The feed's busy stretches meeting [from, to), from the last good copy. */
    busyBetween(from: number, to: number): TakenTime[] {
      const version = store.version();
      if (version === 0) return [];
      const zone = ownerZone();
      const at = now();
      if (
        kept === null ||
        kept.version !== version ||
        kept.zone !== zone ||
        at - kept.from > 3 * DAY
      ) {
        const body = store.row()?.body ?? null;
        let busy: TakenTime[] = [];
        try {
          busy = body === null ? [] : busyTimesOf(body, windowAt(at, zone)).busy;
        } catch {
          // A copy is kept only after it was read; a later library's refusal blocks nothing.
        }
        kept = { version, zone, from: windowAt(at, zone).from, busy };
      }
      return between(kept.busy, from, to);
    },
  };
}

/** The stretches of sorted, joined `busy` meeting [from, to). */
function between(busy: TakenTime[], from: number, to: number): TakenTime[] {
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((busy[middle] as TakenTime).end <= from) low = middle + 1;
    else high = middle;
  }
  const out: TakenTime[] = [];
  for (let index = low; index < busy.length; index++) {
    const stretch = busy[index] as TakenTime;
    if (stretch.start >= to) break;
    out.push(stretch);
  }
  return out;
}

/** Every node's timer: a read when one is due (the claim decides which node reads). */
export function scheduleFeedReads(
  feed: CalendarFeed,
  log: FastifyBaseLogger,
  checkEveryMs: number,
): { start(): void; stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    feed
      .readIfDue()
      .catch((error: unknown) => log.warn({ err: error }, "calendar feed: the read failed"))
      .finally(() => {
        running = false;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, checkEveryMs);
      timer.unref();
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}
