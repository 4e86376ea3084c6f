/**
 * @module `GET /media/:name`: the pictures' files. A name is a hash of the bytes, so the answer
 * never changes: cached for a year as immutable. The file is sent with its own type, nosniff,
 * and a policy that lets an SVG opened on its own run nothing and load nothing.
 */
import { createReadStream } from "node:fs";
import { extname } from "node:path";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../platform/errors.ts";
import { MEDIA_TYPES, type MediaExtension, type MediaFiles } from "./media-files.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const MEDIA_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export async function mediaRoutes(app: FastifyInstance, options: { media: MediaFiles }) {
  app.get<{ Params: { name: string } }>("/media/:name", async (request, reply) => {
    const { name } = request.params;
    const path = options.media.pathOf(name);
    if (path === null) throw new ApiError("MEDIA_NOT_FOUND", [name]);
    const extension = extname(name).slice(1) as MediaExtension;
    return reply
      .header("cache-control", IMMUTABLE)
      .header("content-security-policy", MEDIA_POLICY)
      .header("x-content-type-options", "nosniff")
      .header("cross-origin-resource-policy", "same-origin")
      .type(MEDIA_TYPES[extension])
      .send(createReadStream(path));
  });
}
