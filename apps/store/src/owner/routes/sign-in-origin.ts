/**
 * @module Login CSRF on the editor (docs/security.md, The owner and collaborators): another
 * site's page that posts the attacker's credentials to the editor's sign-in would sign the
 * victim's browser in as the attacker. The editor's page posts JSON from its own origin. A form
 * cannot send JSON, and a cross-site JSON post needs a CORS preflight, which `/admin` never
 * answers; browsers also name a cross-site request in `Sec-Fetch-Site`.
 */
import type { FastifyRequest } from "fastify";
import { ApiError } from "../../platform/errors.ts";

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * A preHandler for the editor's sign-in routes.
 * @throws ApiError OWNER_SIGN_IN_CROSS_SITE for a cross-site request or a body that is not JSON.
 */
export async function refuseCrossSiteSignIn(request: FastifyRequest): Promise<void> {
  const site = request.headers["sec-fetch-site"];
  const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
  if (crossSite || !JSON_TYPE.test(request.headers["content-type"] ?? "")) {
    throw new ApiError("OWNER_SIGN_IN_CROSS_SITE");
  }
}
