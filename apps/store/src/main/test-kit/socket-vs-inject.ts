/**
 * The same request over a real socket (where the fast paths in front of Fastify answer) and
 * through `app.inject` (which never reaches the server, so always takes the route), and their
 * answers in a form to compare.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";

export type Sent = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** A string is sent with its Content-Length; chunks are sent chunked. */
  body?: string | string[];
};
export type Received = { status: number; headers: IncomingHttpHeaders; body: Buffer };

// Per connection or per response, never the same twice.
const VARYING_HEADERS = ["date", "connection", "keep-alive", "x-wix-request-id"];

export function overSocket(port: number, { method, path, headers = {}, body }: Sent) {
  return new Promise<Received>((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    if (typeof body === "string") {
      outgoing.setHeader("content-length", Buffer.byteLength(body));
      outgoing.end(body);
    } else {
      for (const chunk of body ?? []) outgoing.write(chunk);
      outgoing.end();
    }
  });
}

export async function throughFastify(
  app: FastifyInstance,
  { method, path, headers = {}, body }: Sent,
): Promise<Received> {
  const response = await app.inject({
    method: method as "POST",
    url: path,
    headers,
    ...(body === undefined ? {} : { payload: typeof body === "string" ? body : body.join("") }),
  });
  // inject reports numbers as numbers; comparisons see the same values either way.
  const received = response.headers as IncomingHttpHeaders;
  return { status: response.statusCode, headers: received, body: response.rawPayload };
}

/** Status, headers and body without what differs per connection or request. */
export function comparable({ status, headers, body }: Received) {
  const kept = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !VARYING_HEADERS.includes(name)),
  );
  // Error bodies name their request; nothing else in them may differ.
  const text = body.toString("latin1").replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<request id>");
  return { status, headers: kept, text };
}
