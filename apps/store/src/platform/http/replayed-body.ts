/**
 * @module A body a fast path in front of Fastify read before passing the request on (it was not
 * one the path answers), kept on the request and handed back to Fastify by the app's
 * `preParsing` hook (replayBodyHook), so Fastify parses and refuses it as if it had read it.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Readable } from "node:stream";

const REPLAYED_BODY = Symbol("replayedBody");

type ReplayableRequest = IncomingMessage & { [REPLAYED_BODY]?: Buffer };

/** Keeps `body` for Fastify: call before handing the request on. */
export function handBodyBack(request: IncomingMessage, body: Buffer): void {
  (request as ReplayableRequest)[REPLAYED_BODY] = body;
}

/** The body a fast path had already read, as a stream for Fastify to parse; else undefined. */
export function replayedBody(request: IncomingMessage): Readable | undefined {
  const body = (request as ReplayableRequest)[REPLAYED_BODY];
  return body === undefined ? undefined : Readable.from([body], { objectMode: false });
}

/**
 * Reads the request's whole body, then lets `answer` answer it; when it does not (false), the
 * body is handed back and the request goes on to `next` (Fastify).
 */
export function answerWithBody(
  request: IncomingMessage,
  response: ServerResponse,
  next: RequestListener,
  answer: (body: Buffer) => boolean,
): void {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    if (answer(body)) return;
    handBodyBack(request, body);
    next(request, response);
  });
}
