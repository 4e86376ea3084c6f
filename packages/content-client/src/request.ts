import { NetworkError, type RequestTarget, ResponseShapeError, TimeoutError } from "./errors.ts";
import { toHttpError } from "./http-error-mapping.ts";

/** How the request core reaches the store; built once per client. */
export interface TransportOptions {
  baseUrl: string;
  fetch: typeof globalThis.fetch | undefined;
  timeoutMs: number;
}

/** One JSON call to the store. */
export interface JsonRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** Already-serialized JSON body. */
  body?: string;
  headers?: Record<string, string>;
  /** Reviver for `JSON.parse` of a 200 body (used to turn `$date` objects into `Date`). */
  reviver?: (key: string, value: unknown) => unknown;
  /** `"text"`: a 200 body is returned as its text, unparsed (an HTML page, say). */
  responseType?: "json" | "text";
}

/** The parsed body of a 200 response, with the request it answers (for shape errors). */
export interface JsonResponse {
  body: unknown;
  request: RequestTarget;
}

/** Sends a JSON request and resolves with the parsed body of a 200 response. */
export type SendJson = (request: JsonRequest) => Promise<JsonResponse>;

/**
 * Creates the one function that calls `fetch`: URL, headers, timeout, JSON parsing and error mapping.
 *
 * @throws {HttpError} for any status other than exactly 200.
 * @throws {NetworkError} when no response arrives.
 * @throws {TimeoutError} when the response (body included) takes longer than `timeoutMs`.
 * @throws {ResponseShapeError} when a 200 body is not JSON.
 */
export function createTransport(options: TransportOptions): SendJson {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  return async function sendJson(request) {
    const info: RequestTarget = { method: request.method, url: baseUrl + request.path };
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
    // Looked up per call so a fetch installed or replaced after the client was created is used,
    // and called as a plain function: `window.fetch` throws "Illegal invocation" on another `this`.
    const fetchFn = options.fetch ?? globalThis.fetch;

    if (typeof fetchFn !== "function") {
      throw new TypeError("No fetch function: pass `fetch` to createContentClient in this runtime");
    }

    const controller = new AbortController();
    const exchange = (async () => {
      const response = await fetchFn(info.url, {
        method: request.method,
        headers,
        signal: controller.signal,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      return { response, text: await response.text() };
    })();
    // Racing (not only aborting) keeps the timeout reliable with fetch implementations that ignore `signal`.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutError(info, options.timeoutMs, controller.signal.reason));
      }, options.timeoutMs);
    });

    let response: Response;
    let text: string;
    try {
      ({ response, text } = await Promise.race([exchange, timeout]));
    } catch (error) {
      if (error instanceof TimeoutError) throw error;
      throw new NetworkError(info, error);
    } finally {
      clearTimeout(timer);
    }

    if (response.status !== 200) {
      throw toHttpError({
        status: response.status,
        statusText: response.statusText,
        body: parseJsonOrNull(text),
        requestId: response.headers.get("X-Wix-Request-Id"),
        request: info,
      });
    }
    if (request.responseType === "text") return { body: text, request: info };
    try {
      return { body: JSON.parse(text, request.reviver), request: info };
    } catch (error) {
      throw new ResponseShapeError(info, "a JSON body", text, { cause: error });
    }
  };
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
