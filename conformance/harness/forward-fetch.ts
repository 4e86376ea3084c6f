/** One request the official SDK sent, as it left the process. */
export interface CapturedRequest {
  method: string;
  /** The URL the SDK asked for (on www/edge.wixapis.com), before forwarding. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The hosts the official SDK calls. */
export const WIX_HOSTS: ReadonlySet<string> = new Set(["www.wixapis.com", "edge.wixapis.com"]);

/** Records a request as it left the process; reads (and so uses up) its body. */
export async function captureRequest(request: Request): Promise<CapturedRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.body === null ? undefined : await request.text();
  return { method: request.method, url: request.url, headers, body };
}

/**
 * Replaces `globalThis.fetch` with a wrapper that records every request to `www.wixapis.com` or
 * `edge.wixapis.com` and forwards it to `target()` (same path and query). The SDK's token call
 * uses the global fetch with a hard-coded URL, so patching it is the only way in
 * (docs/protocol.md §13.1). Other URLs go to the real fetch untouched. Call `restore()` when done.
 */
export function forwardWixApis(target: () => string) {
  const realFetch = globalThis.fetch;
  const captured: CapturedRequest[] = [];

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!WIX_HOSTS.has(url.host)) return realFetch(input, init);
    const sent = await captureRequest(request);
    captured.push(sent);
    return realFetch(target() + url.pathname + url.search, {
      method: request.method,
      headers: request.headers,
      ...(sent.body === undefined ? {} : { body: sent.body }),
    });
  };

  return {
    captured,
    /** The real fetch, for our own client and for test setup. */
    realFetch,
    restore() {
      globalThis.fetch = realFetch;
    },
  };
}
