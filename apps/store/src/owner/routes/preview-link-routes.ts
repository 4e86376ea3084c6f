/**
 * @module The editor's preview links: create (the one answer that shows the secret, in a URL
 * built from the configured public address), list (without secrets), revoke.
 */
import type { FastifyInstance } from "fastify";
import { requireOwner } from "../../identity/index.ts";
import { bodyObject } from "../../platform/http/body-object.ts";
import { type PreviewLinks, readLinkRequest } from "../drafts/preview-links.ts";

export function registerPreviewLinkRoutes(
  app: FastifyInstance,
  deps: { links: PreviewLinks; origin: () => string },
): void {
  const { links, origin } = deps;

  app.get("/api/preview-links", { preHandler: requireOwner }, async () => ({
    links: links.list(),
  }));

  app.post("/api/preview-links", { preHandler: requireOwner }, async (request) => {
    const { label, hours } = readLinkRequest(bodyObject(request));
    const by = request.owner?.email ?? "owner";
    return { link: links.create(label, hours, by, origin()) };
  });

  app.delete<{ Params: { id: string } }>(
    "/api/preview-links/:id",
    { preHandler: requireOwner },
    async (request, reply) => {
      links.revoke(request.params.id);
      return reply.code(204).send();
    },
  );
}
