/**
 * @module The client area's files (page/ and files/ are siblings, so they meet here): the list
 * for the page, the form's upload without JavaScript, and the download and upload routes for the
 * member's page session. The session is the `member_session` cookie, and every request also
 * carries the page's CSRF token (the download link's `csrf`, the upload's `x-csrf` header, the
 * form's first field), so another site can neither fetch a client's file nor send one in their
 * name (docs/security.md).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  type FilesDeps,
  memberFiles,
  registerUploadRoute,
  rethrowUploadFailure,
  sendFileContent,
  takeUploadTurn,
  tooLarge,
  uploadFile,
} from "../files/index.ts";
import {
  browserMember,
  type IdentityContext,
  isPageCsrf,
  type PageMember,
} from "../identity/index.ts";
import type { ClientAreaFiles } from "../page/index.ts";
import { ApiError } from "../platform/errors.ts";
import type { Caller } from "../platform/http/caller.ts";
import { readFormFile } from "../platform/http/form-file.ts";
import type { AttemptLimiter } from "../platform/limits/attempt-limiter.ts";
import { CLIENT_AREA_PATH } from "../platform/pages/site-frame.ts";

type ClientAreaFilesDeps = { identity: IdentityContext; files: FilesDeps; uploads: AttemptLimiter };

/** What a form with one small token field and a file may add to the file's own bytes. */
const FORM_OVERHEAD_BYTES = 16 * 1024;
/** The form's fields: its token (and room for one more). */
const FORM_LIMITS = { fields: 2, fieldBytes: 256 };

/**
 * The form's file (`multipart/form-data`, its page's token first), stored as the upload route
 * stores a file: counted against the member's uploads before a byte is read, refused past the
 * size limit by its declared length, and its bytes checked and capped as they stream to disk.
 */
async function receiveFormFile(
  { identity, files, uploads }: ClientAreaFilesDeps,
  request: FastifyRequest,
  member: PageMember,
): Promise<string> {
  const memberId = member.identity.id;
  takeUploadTurn(uploads, memberId);
  if (Number(request.headers["content-length"] ?? 0) > files.maxBytes + FORM_OVERHEAD_BYTES) {
    throw tooLarge(files);
  }
  let fileName = "";
  try {
    return await readFormFile(request.headers, request.body, FORM_LIMITS, async (form) => {
      if (!isPageCsrf(identity, member, form.fields.csrf ?? "")) {
        throw new ApiError("FILE_FORM_EXPIRED");
      }
      fileName = form.fileName;
      return (await uploadFile(files, form.bytes, fileName, memberId, null)).id;
    });
  } catch (error) {
    return rethrowUploadFailure(request, error, fileName);
  }
}

export function clientAreaFiles(deps: ClientAreaFilesDeps): ClientAreaFiles {
  return {
    list: (memberId) => memberFiles(deps.files, memberId),
    receive: (request, member) => receiveFormFile(deps, request, member),
  };
}

type FileParams = { Params: { fileId: string } };

export async function registerClientAreaFiles(
  app: FastifyInstance,
  deps: { identity: IdentityContext; files: FilesDeps; uploads: AttemptLimiter },
): Promise<void> {
  /** The member of the page session, when the request carries their page's token; else null. */
  const memberOrNull = (request: FastifyRequest, csrf: unknown): Caller | null => {
    const member = browserMember(deps.identity, request);
    if (member === null || typeof csrf !== "string" || !isPageCsrf(deps.identity, member, csrf)) {
      return null;
    }
    return { role: "member", id: member.identity.id, sid: member.sid };
  };
  const memberOf = (request: FastifyRequest, csrf: unknown): Caller => {
    const caller = memberOrNull(request, csrf);
    if (caller === null) throw new ApiError("IDENTITY_MEMBER_REQUIRED");
    return caller;
  };

  app.get<FileParams>(`${CLIENT_AREA_PATH}/files/:fileId`, async (request, reply) => {
    const caller = memberOrNull(request, (request.query as Record<string, unknown>)?.csrf);
    if (caller === null) {
      // A link from before a sign-out, opened in the browser: back to the client area, which
      // asks to sign in or lists the files again with links that work.
      if (request.headers["sec-fetch-mode"] === "navigate") {
        return reply.redirect(CLIENT_AREA_PATH, 303);
      }
      throw new ApiError("IDENTITY_MEMBER_REQUIRED");
    }
    return sendFileContent(reply, deps.files, caller, request.params.fileId);
  });
  await registerUploadRoute(app, `${CLIENT_AREA_PATH}/files`, deps, (request) =>
    memberOf(request, request.headers["x-csrf"]),
  );
}
