// Child entry: the throughput ceiling, a bare `http` server answering the page's five queries with
// precomputed responses. It still reads and parses the body, the least any server must do to
// route. `full` writes the store's own headers (and a fresh request id, as the store must);
// `body-only` writes just the body with its type and length.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { CapturedResponse } from "../fixtures/store-client.ts";
import { QUERY_PATH } from "../fixtures/store-client.ts";
import { listenAndAnnounce } from "./listen.ts";

const [file, mode] = process.argv.slice(2);
if (!file || (mode !== "full" && mode !== "body-only")) {
  throw new Error("usage: bare-query.ts <responses.json> full|body-only");
}
const captured = JSON.parse(readFileSync(file, "utf8")) as Record<string, CapturedResponse>;
const responses = new Map(
  Object.entries(captured).map(([collection, { headers, body }]) => {
    const bytes = Buffer.from(body);
    const kept =
      mode === "full" ? headers : { "content-type": headers["content-type"] ?? "application/json" };
    return [
      collection,
      { headers: { ...kept, "content-length": bytes.byteLength }, bytes },
    ] as const;
  }),
);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let response: ReturnType<typeof responses.get>;
    try {
      const query = JSON.parse(Buffer.concat(chunks).toString()) as { dataCollectionId?: unknown };
      response = responses.get(String(query.dataCollectionId));
    } catch {
      response = undefined;
    }
    if (req.url !== QUERY_PATH || !response) {
      res.writeHead(404, { "content-type": "application/json" }).end("{}");
      return;
    }
    res.writeHead(
      200,
      mode === "full"
        ? { "x-wix-request-id": randomUUID(), ...response.headers }
        : response.headers,
    );
    res.end(response.bytes);
  });
});
listenAndAnnounce(server);
