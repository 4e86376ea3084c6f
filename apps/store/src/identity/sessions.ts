/**
 * @module Sessions are records: every sign-in starts one, every member token names
 * it, and ending it (sign-out, a password change or reset, a block, a deletion, a refresh token
 * presented after a newer one) refuses its tokens on their next request, on every node.
 *
 * Refresh tokens rotate: each refresh issues the next generation. The official SDK keeps the
 * refresh token it first got (docs/protocol.md §6.5), so a presented generation is retired only
 * once a newer one has been presented; presenting a retired one ends the session (reuse detection).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../platform/db/sql-db.ts";
import { ApiError } from "../platform/errors.ts";
import { createSessionLiveness, isLiveRow, type SessionLiveness } from "./session-liveness.ts";
import {
  createSessionsStore,
  type SessionChannel,
  type SessionRole,
  type SessionRow,
} from "./storage/sessions-store.ts";
import { REFRESH_TOKEN_TTL_SECONDS } from "./tokens.ts";

/** A password change and turning the second factor off need a sign-in this recent. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;
/** Ended sessions are kept this long (the member's and the owner's record), then forgotten. */
const ENDED_KEPT_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;
const MAX_USER_AGENT = 256;

export type EndReason =
  | "sign_out"
  | "sign_out_everywhere"
  | "password_changed"
  | "password_reset"
  | "blocked"
  | "deleted"
  | "refresh_reuse"
  | "ended_by_user";

/** What a request says about the client, kept with the session for the member's record. */
export type SessionClient = { userAgent?: string | undefined; address?: string | undefined };

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(db: Db, now: () => number) {
  const store = createSessionsStore(db);
  // Made on first use: a command that only ends sessions needs no LISTEN connection.
  let liveness: SessionLiveness | null = null;
  const live = () => {
    liveness ??= createSessionLiveness(db, store);
    return liveness;
  };
  const forget = (ids: readonly string[]) => liveness?.forget(ids);
  let nextPrune = 0;

  function prune(at: number): void {
    if (at < nextPrune) return;
    nextPrune = at + PRUNE_EVERY_MS;
    store.prune(at - ENDED_KEPT_MS, at - REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  function end(sid: string, reason: EndReason): void {
    forget(store.end(sid, reason, now()));
  }

  function read(sid: string | undefined): SessionRow | null {
    if (sid === undefined) return null;
    const row = store.byId(sid);
    return isLiveRow(row) ? row : null;
  }

  const clientOf = (client: SessionClient) => ({
    userAgent: client.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    clientAddress: client.address ?? null,
  });

  return {
    /** Starts a session for a sign-in whose password or code was proven at `authAt`; its id. */
    start(input: {
      identityId: string;
      channel: SessionChannel;
      authAt: number;
      client: SessionClient;
      role?: SessionRole;
    }): string {
      const at = now();
      prune(at);
      const id = randomUUID();
      store.insert({
        id,
        identityId: input.identityId,
        role: input.role ?? "member",
        channel: input.channel,
        authAt: input.authAt,
        ...clientOf(input.client),
        now: at,
      });
      return id;
    },

    /** A token session started by a code from page session `parentId`; null when that ended. */
    startFromPage(parentId: string, client: SessionClient): string | null {
      const id = randomUUID();
      return store.insertChild(parentId, { id, ...clientOf(client), now: now() }) ? id : null;
    },

    /** Whether `sid` is a live session of `identityId`: asked per request, cheap (see liveness). */
    isLive(sid: string | undefined, identityId: string): boolean {
      return sid !== undefined && live().identityOf(sid) === identityId;
    },

    /** The session read afresh, when it is live; null otherwise. */
    read,

    /** Ends the session and the token sessions started from it. */
    end,

    /** Ends every session of the identity, but `keep` (with the page session it came from). */
    endAllOf(identityId: string, reason: EndReason, keep?: string): void {
      const kept = keep === undefined ? null : store.byId(keep);
      const keepIds = kept === null ? null : { id: kept.id, parentId: kept.parentId };
      forget(store.endAllOf(identityId, reason, now(), keepIds));
    },

    /** The identity's sessions that have not ended, the last used first. */
    liveOf(identityId: string): SessionRow[] {
      return store.liveOf(identityId);
    },

    /** The password or a code was proven again in this session. */
    reauthenticate(sid: string, authAt = now()): void {
      store.reauthenticate(sid, authAt, now());
    },

    /**
     * The generation of the next refresh token for one of generation `presented`. Ends the
     * session when a newer generation was presented before: this one was copied.
     * @throws ApiError INVALID_GRANT when the session ended (or just did, for reuse).
     */
    rotateRefresh(sid: string, identityId: string, presented: number): number {
      const row = read(sid);
      if (row === null || row.identityId !== identityId || row.channel !== "token") {
        throw new ApiError("INVALID_GRANT");
      }
      const next = store.rotate(sid, presented, now());
      if (next !== null) return next;
      end(sid, "refresh_reuse");
      throw new ApiError("INVALID_GRANT");
    },

    /**
     * Refuses a sensitive change unless the password or a code was proven in this session in
     * the last 10 minutes.
     * @throws ApiError IDENTITY_REAUTHENTICATION_REQUIRED.
     */
    requireRecentSignIn(sid: string | undefined): SessionRow {
      const row = read(sid);
      if (row === null || now() - row.authAt > REAUTHENTICATION_WINDOW_MS) {
        throw new ApiError("IDENTITY_REAUTHENTICATION_REQUIRED", [
          REAUTHENTICATION_WINDOW_MS / 60_000,
        ]);
      }
      return row;
    },
  };
}
