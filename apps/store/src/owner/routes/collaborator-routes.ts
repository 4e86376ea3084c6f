/**
 * @module The owner's collaborators: invite by e-mail (role editor: content only), list, and
 * remove (their sessions end at once). The owner's session only.
 */
import type { Collaborator, Collaborators } from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import type { IdentityContext, OwnerSessions } from "../../identity/index.ts";
import { inviteCollaborator, requireOwnerRole } from "../../identity/index.ts";
import { ApiError } from "../../platform/errors.ts";
import { bodyObject } from "../../platform/http/body-object.ts";

export type CollaboratorRoutesDeps = {
  identity: IdentityContext;
  sessions: OwnerSessions;
  /** PUBLIC_URL or the store's listening address: the origin of mailed links. */
  origin: () => string;
};

export function registerCollaboratorRoutes(
  app: FastifyInstance,
  { identity: ctx, sessions, origin }: CollaboratorRoutesDeps,
): void {
  const guarded = { preHandler: requireOwnerRole };

  app.get(
    "/api/collaborators",
    guarded,
    async (): Promise<Collaborators> => ({
      collaborators: ctx.store.withRole("editor").map(
        (editor): Collaborator => ({
          id: editor.id,
          email: editor.email,
          status: editor.passwordHash === null ? "INVITED" : "ACTIVE",
          twoFactor: editor.totpSecret !== null,
          lastSignInDate:
            editor.lastSignInAt === null ? null : new Date(editor.lastSignInAt).toISOString(),
        }),
      ),
    }),
  );

  app.post("/api/collaborators", guarded, async (request) => {
    const id = await inviteCollaborator(ctx, {
      email: bodyObject(request).email,
      origin: origin(),
    });
    return { id };
  });

  app.delete<{ Params: { id: string } }>("/api/collaborators/:id", guarded, async (request) => {
    const editor = ctx.store.byId(request.params.id);
    if (editor === null || editor.role !== "editor") {
      throw new ApiError("IDENTITY_NOT_FOUND", [request.params.id]);
    }
    ctx.store.remove(editor.id);
    ctx.sessions.endAllOf(editor.id, "deleted");
    sessions.endAllOf(editor.id);
    return {};
  });
}
