/**
 * @module The client area's files (page/ and files/ are siblings, so they meet here): the list
 * for the page, and the download and upload routes for the member's page session. The session
 * is the `member_session` cookie, and every request also carries the page's CSRF token (the
 * download link's `csrf`, the upload's `x-csrf` header), so another site can neither fetch a
 * client's file nor send one in their name (docs/security.md).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  type FilesDeps,
  memberFiles,
  registerUploadRoute,
  sendFileContent,
} from "../files/index.ts";
import { browserMember, type IdentityContext, isPageCsrf } from "../identity/index.ts";
import type { ClientAreaFiles } from "../page/index.ts";
import { ApiError } from "../platform/errors.ts";
import type { Caller } from "../platform/http/caller.ts";
import type { AttemptLimiter } from "../platform/limits/attempt-limiter.ts";
import { CLIENT_AREA_PATH } from "../platform/pages/site-frame.ts";

export function clientAreaFiles(files: FilesDeps): ClientAreaFiles {
  return { list: (memberId) => memberFiles(files, memberId) };
}

type FileParams = { Params: { fileId: string } };

export async function registerClientAreaFiles(
  app: FastifyInstance,
  deps: { identity: IdentityContext; files: FilesDeps; uploads: AttemptLimiter },
): Promise<void> {
  /** The member of the page session, when the request carries their page's token. */
  const memberOf = (request: FastifyRequest, csrf: unknown): Caller => {
    const member = browserMember(deps.identity, request);
    if (member === null || typeof csrf !== "string" || !isPageCsrf(deps.identity, member, csrf)) {
      throw new ApiError("IDENTITY_MEMBER_REQUIRED");
    }
    return { role: "member", id: member.identity.id, sid: member.sid };
  };

  app.get<FileParams>(`${CLIENT_AREA_PATH}/files/:fileId`, async (request, reply) => {
    const csrf = (request.query as Record<string, unknown> | undefined)?.csrf;
    return sendFileContent(reply, deps.files, memberOf(request, csrf), request.params.fileId);
  });
  await registerUploadRoute(app, `${CLIENT_AREA_PATH}/files`, deps, (request) =>
    memberOf(request, request.headers["x-csrf"]),
  );
}
