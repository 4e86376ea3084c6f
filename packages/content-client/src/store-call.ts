import type { SendJson } from "./request.ts";

/** A call to one of the store's own routes beside the data-items protocol. */
export interface StoreCallRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path from the store's base URL, query string included (`/admin/api/session`). */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * `"json"` resolves with the parsed body (dates stay `{ "$date": iso }`); `"text"` with the
   * body's text.
   *
   * @default "json"
   */
  responseType?: "json" | "text";
}

/**
 * Calls a route of the same store that is not part of the data-items protocol (the owner
 * editor's `/admin/api/…`, say), through the client's one transport: same `fetch`, credentials,
 * timeout and errors.
 *
 * @throws {HttpError} for any status other than 200, parsed like every other call's.
 * @example
 * ```ts
 * const state = await client.call<{ signedIn: boolean }>({ method: "GET", path: "/admin/api/session" });
 * ```
 */
export type StoreCall = <T = unknown>(request: StoreCallRequest) => Promise<T>;

/** Creates {@link StoreCall} on top of a transport. */
export function createStoreCall(send: SendJson): StoreCall {
  return async <T>({ method, path, body, responseType }: StoreCallRequest) => {
    const response = await send({
      method,
      path,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(responseType === undefined ? {} : { responseType }),
    });
    return response.body as T;
  };
}
