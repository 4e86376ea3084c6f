// Child entry: the throughput ceiling, a bare `http` server answering the page's five queries with
// precomputed bytes. It still reads and parses the body, the least any server must do to route.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { QUERY_PATH } from "../fixtures/store-client.ts";
import { listenAndAnnounce } from "./listen.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: bare-query.ts <responses.json>");
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>).map(
    ([collection, body]) => [collection, Buffer.from(body)] as const,
  ),
);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let body: Buffer | undefined;
    try {
      const query = JSON.parse(Buffer.concat(chunks).toString()) as { dataCollectionId?: unknown };
      body = responses.get(String(query.dataCollectionId));
    } catch {
      body = undefined;
    }
    if (req.url !== QUERY_PATH || !body) {
      res.writeHead(404, { "content-type": "application/json" }).end("{}");
      return;
    }
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body.byteLength,
    });
    res.end(body);
  });
});
listenAndAnnounce(server);
