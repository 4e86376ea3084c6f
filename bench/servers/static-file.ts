// Child entry: the TTFB baseline, a bare `http` server reading one static file per request.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { listenAndAnnounce } from "./listen.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: static-file.ts <file>");

const server = createServer((_req, res) => {
  readFile(file).then(
    (body) => {
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-length": body.byteLength,
      });
      res.end(body);
    },
    () => res.writeHead(500).end(),
  );
});
listenAndAnnounce(server);
