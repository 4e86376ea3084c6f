// Child entry: a tiny static server for a built Vite page, with precompressed gzip like any CDN.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { listenAndAnnounce } from "./listen.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json"]);

interface StaticFile {
  type: string;
  body: Buffer;
  gzipped: Buffer | undefined;
  immutable: boolean;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function loadFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of listFiles(root)) {
    const url = `/${relative(root, path).split(sep).join("/")}`;
    const ext = extname(path);
    const body = readFileSync(path);
    files.set(url, {
      type: TYPES[ext] ?? "application/octet-stream",
      body,
      gzipped: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : undefined,
      immutable: url.startsWith("/assets/"),
    });
  }
  return files;
}

const root = process.argv[2];
if (!root) throw new Error("usage: static-site.ts <dir>");
const files = loadFiles(root);

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const file = files.get(path === "/" ? "/index.html" : path);
  if (!file) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  const gzip = file.gzipped !== undefined && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = gzip && file.gzipped ? file.gzipped : file.body;
  res.writeHead(200, {
    "content-type": file.type,
    "content-length": body.byteLength,
    "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    vary: "accept-encoding",
    ...(gzip ? { "content-encoding": "gzip" } : {}),
  });
  res.end(body);
});
listenAndAnnounce(server);
