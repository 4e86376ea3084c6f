import { ResponseShapeError } from "../errors.ts";
import { isRecord } from "../is-record.ts";
import type { JsonResponse, SendJson } from "../request.ts";
import { TokenRole, type TokenStore, type Tokens } from "./token-store.ts";

/** Token calls and role checks, as exposed on `client.auth`. */
export interface AuthApi {
  /**
   * Resolves with a valid access token: the stored one, else a refreshed one, else a new anonymous one.
   *
   * @throws {HttpError} when the anonymous grant is refused.
   * @throws {NetworkError} or {TimeoutError} when the token endpoint cannot be reached.
   */
  getAccessToken(): Promise<string>;
  /** Returns the role of the stored tokens ({@link TokenRole.NONE} when there are none). */
  role(): TokenRole;
  /** Tells whether the stored tokens belong to a logged-in member. */
  loggedIn(): boolean;
  /** Forgets the stored tokens; the next call starts over with an anonymous grant. */
  logout(): void;
}

/** The auth API plus what the data calls need internally. */
export interface VisitorTokens extends AuthApi {
  /** Marks `accessToken` as unusable (the store rejected it) so the next call gets a new one. */
  invalidate(accessToken: string): void;
}

/** What the token lifecycle needs from the client. */
export interface VisitorTokensOptions {
  send: SendJson;
  clientId: string;
  store: TokenStore;
  now: () => number;
}

/** Public path of the OAuth token endpoint (docs/protocol.md §6.1). */
export const TOKEN_PATH = "/oauth2/token";

/**
 * Creates the token lifecycle of docs/protocol.md §6.5: anonymous grant at first use, refresh
 * when expired, fallback to anonymous. The wire is the SDK's; only the refresh token kept after a refresh differs.
 */
export function createVisitorTokens(options: VisitorTokensOptions): VisitorTokens {
  const { send, clientId, store, now } = options;
  let pending: Promise<string> | undefined;
  // Bumped by logout, so a grant that was in flight does not bring the old session back.
  let session = 0;

  const nowSeconds = () => Math.floor(now() / 1000);

  async function grant(body: Record<string, string>) {
    const response = await send({ method: "POST", path: TOKEN_PATH, body: JSON.stringify(body) });
    return readTokenResponse(response);
  }

  async function obtain(previous: Tokens | null): Promise<string> {
    const startedIn = session;
    const save = (tokens: Tokens) => {
      if (session === startedIn) store.save(tokens);
    };
    if (previous?.refreshToken.value) {
      try {
        const fresh = await grant({
          clientId,
          refreshToken: previous.refreshToken.value,
          grantType: "refresh_token",
        });
        // Unlike the SDK (docs/protocol.md §6.5), keep the rotated refresh token the store answers,
        // so a copy of an older one ends the session (reuse detection); the role stays as stored.
        save({
          accessToken: { value: fresh.accessToken, expiresAt: nowSeconds() + fresh.expiresIn },
          refreshToken: {
            value: fresh.refreshToken || previous.refreshToken.value,
            role: previous.refreshToken.role,
          },
        });
        return fresh.accessToken;
      } catch {
        // Any refresh failure falls back to a new anonymous visitor (docs/protocol.md §6.5).
      }
    }
    const fresh = await grant({ clientId, grantType: "anonymous" });
    save({
      accessToken: { value: fresh.accessToken, expiresAt: nowSeconds() + fresh.expiresIn },
      refreshToken: { value: fresh.refreshToken, role: TokenRole.VISITOR },
    });
    return fresh.accessToken;
  }

  const role = () => store.get()?.refreshToken.role ?? TokenRole.NONE;

  return {
    getAccessToken() {
      const tokens = store.get();
      const access = tokens?.accessToken;
      if (access?.value && !(access.expiresAt < nowSeconds())) return Promise.resolve(access.value);
      // Concurrent callers share one token request.
      pending ??= obtain(tokens).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    role,
    loggedIn: () => role() === TokenRole.MEMBER,
    logout() {
      session += 1;
      pending = undefined;
      store.clear();
    },
    invalidate(accessToken) {
      const tokens = store.get();
      if (tokens?.accessToken.value !== accessToken) return;
      store.save({ ...tokens, accessToken: { value: "", expiresAt: 0 } });
    },
  };
}

/** The fields of a token endpoint answer the client uses (docs/protocol.md §6.3). */
export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * Reads a token endpoint answer (docs/protocol.md §6.3); `expires_in` may be a numeric string.
 *
 * @throws {ResponseShapeError} when `access_token` or `expires_in` is missing, naming only the fields received.
 */
export function readTokenResponse({ body, request }: JsonResponse): TokenResponse {
  const record = isRecord(body) ? body : {};
  const accessToken = record.access_token;
  // `expires_in` may arrive as a numeric string; the SDK passes it through Number().
  const expiresIn = Number(record.expires_in);
  if (typeof accessToken !== "string" || accessToken === "" || !Number.isFinite(expiresIn)) {
    throw new ResponseShapeError(
      request,
      '{"access_token": string, "expires_in": number}',
      // Never keep token values in an error: only the field names are reported.
      Object.keys(record),
    );
  }
  const refreshToken = typeof record.refresh_token === "string" ? record.refresh_token : "";
  return { accessToken, refreshToken, expiresIn };
}
