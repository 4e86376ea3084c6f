/**
 * @module Private files over the wire, under `/files/v1`, for the owner (API key or
 * editor session with its CSRF token) and members (their access token), by one set of rules
 * (files/file-sharing.ts):
 * - `GET /files` the caller's files: a member's shared files and uploads; the owner's overview;
 * - `POST /files?name=…` an upload as the raw body (a member's goes to the owner);
 * - `GET /files/:fileId/content` the bytes, as an attachment, to whom the file is shared;
 * - `POST /shares` and `DELETE /shares/:shareId` the owner shares a batch, and revokes it.
 * Uploads are refused before their body is read when the caller may not upload, the declared
 * length is over the limit or the member's room (files/upload-quota.ts), the name is not one the
 * store takes, or the member uploaded too often.
 */
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type {
  FilesOverview,
  FileUploaded,
  MemberFiles,
  ShareCreated,
  ShareRequest,
} from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuditLog } from "../identity/index.ts";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import { bodyObject } from "../platform/http/body-object.ts";
import { type Caller, type CallerDeps, resolveCaller } from "../platform/http/caller.ts";
import { mailOrigin } from "../platform/http/request-origin.ts";
import type { AttemptLimiter } from "../platform/limits/attempt-limiter.ts";
import {
  checkName,
  cleanFileName,
  type FilesDeps,
  isOwner,
  memberFiles,
  openFile,
  ownerOverview,
  publicFile,
  revokeShare,
  type ShareInput,
  shareFiles,
  tooLarge,
  uploadFile,
} from "./file-sharing.ts";
import { recordShare } from "./share-audit.ts";

export type FileRoutesOptions = {
  files: FilesDeps;
  caller: CallerDeps;
  /** Uploads per member in a window, counted before the body is read. */
  uploads: AttemptLimiter;
  /** The owner's audit log, where each share is recorded by name. */
  audit?: AuditLog;
};

const MAX_NOTE = 2000;
const MAX_FOLDER = 100;
const MAX_BATCH = 100;
const MAX_MEMBERS = 1000;

type FileParams = { Params: { fileId: string } };
type ShareParams = { Params: { shareId: string } };

/** The caller, or null for a request without credentials (a visitor in a browser). */
function optionalCaller(request: FastifyRequest, deps: CallerDeps): Caller | null {
  if (request.owner === null && request.headers.authorization === undefined) return null;
  return resolveCaller(request, deps);
}

function requireOwnerCaller(request: FastifyRequest, deps: CallerDeps): void {
  const caller = resolveCaller(request, deps);
  if (caller.role === "admin" && caller.editor === true) throw new ApiError("OWNER_ROLE_REQUIRED");
  if (!isOwner(caller)) throw new ApiError("PERMISSION_DENIED", ["share files", "Files"]);
}

/** The client closed the connection before its body ended. */
function clientWentAway(request: FastifyRequest): boolean {
  return request.raw.aborted || request.raw.socket.destroyed;
}

/**
 * Counts a member's upload, before a byte of it is read (the upload route and the client
 * area's form alike).
 * @throws ApiError FILE_UPLOADS_LIMITED past the member's uploads in the window.
 */
export function takeUploadTurn(uploads: AttemptLimiter, memberId: string): void {
  const wait = uploads.take(memberId);
  if (wait > 0) {
    throw new ApiError("FILE_UPLOADS_LIMITED", [wait], { data: { retryAfterSeconds: wait } });
  }
}

/**
 * An upload's failure, rethrown: as FILE_UPLOAD_ABORTED, logged once at info without a stack,
 * when the client went away mid-body (the client's doing, not the store's failure).
 */
export function rethrowUploadFailure(request: FastifyRequest, error: unknown, name: string): never {
  if (error instanceof ApiError || !clientWentAway(request)) throw error;
  request.log.info({ name: cleanFileName(name) }, "upload aborted by the client");
  throw new ApiError("FILE_UPLOAD_ABORTED");
}

/** `Content-Disposition` naming the file for every browser: ASCII fallback, then UTF-8. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function fileRoutes(app: FastifyInstance, options: FileRoutesOptions) {
  const { files, caller: callerDeps } = options;
  app.addHook("onClose", async () => files.digest.stop());

  app.get("/files", async (request): Promise<FilesOverview | MemberFiles> => {
    const caller = resolveCaller(request, callerDeps);
    if (isOwner(caller)) return ownerOverview(files);
    if (caller.role !== "member") throw new ApiError("IDENTITY_MEMBER_REQUIRED");
    return memberFiles(files, caller.id);
  });

  app.get<FileParams>("/files/:fileId/content", async (request, reply) =>
    sendFileContent(reply, files, optionalCaller(request, callerDeps), request.params.fileId),
  );

  app.post("/shares", async (request): Promise<ShareCreated> => {
    requireOwnerCaller(request, callerDeps);
    const input = readShare(bodyObject(request));
    const id = await shareFiles(files, input, mailOrigin(files.identity, request));
    const owner = request.owner;
    recordShare(options.audit, files, input, {
      id: owner?.session.identityId ?? null,
      kind: owner === null ? "api-key" : "owner",
      address: request.ip,
    });
    const share = files.store.shares().find((share) => share.id === id);
    // Written just above and never deleted (only revoked): always found.
    if (share === undefined) throw new ApiError("FILE_SHARE_NOT_FOUND", [id]);
    return { share };
  });

  app.delete<ShareParams>("/shares/:shareId", async (request) => {
    requireOwnerCaller(request, callerDeps);
    revokeShare(files, request.params.shareId);
    return {};
  });

  await registerUploadRoute(app, "/files", options, (request) =>
    resolveCaller(request, callerDeps),
  );
}

/** Sends a file's bytes as an attachment to `caller`, when it is shared with them. */
export function sendFileContent(
  reply: FastifyReply,
  files: FilesDeps,
  caller: Caller | null,
  fileId: string,
) {
  const file = openFile(files, caller, fileId);
  const path = files.storage.pathOf(file.id);
  if (path === null) throw new ApiError("FILE_NOT_FOUND", [file.id]);
  return reply
    .header("content-type", file.type)
    .header("content-length", String(file.size))
    .header("content-disposition", attachmentHeader(file.name))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(createReadStream(path));
}

/**
 * The upload route at `path` (`?name=…`, the file as the raw body), for the callers `callerOf`
 * names: the API's credentials here, the member's page session on the client area
 * (main/client-area-files.ts). Refused before the body is read, as the module says.
 */
export async function registerUploadRoute(
  app: FastifyInstance,
  path: string,
  { files, uploads }: Pick<FileRoutesOptions, "files" | "uploads">,
  callerOf: (request: FastifyRequest) => Caller,
): Promise<void> {
  await app.register(async (raw) => {
    // The body is the file's bytes, whatever its Content-Type, streamed to disk as it arrives.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    async function admit(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const caller = callerOf(request);
      if (!isOwner(caller) && caller.role !== "member") {
        throw new ApiError("IDENTITY_MEMBER_REQUIRED");
      }
      if (caller.role === "member") takeUploadTurn(uploads, caller.id);
      const name = (request.query as Record<string, unknown> | undefined)?.name;
      checkName(typeof name === "string" ? cleanFileName(name) : "");
      const declared = Number(request.headers["content-length"] ?? 0);
      if (declared > files.maxBytes) throw tooLarge(files);
      if (caller.role === "member" && declared > files.quota.room(caller.id)) {
        throw files.quota.exceeded(caller.id);
      }
      request.caller = caller;
    }

    raw.post(
      path,
      {
        onRequest: admit,
        errorHandler: (error) => {
          const code = (error as { code?: string }).code;
          if (code === "FST_ERR_CTP_EMPTY_BODY") throw new ApiError("FILE_NAME_INVALID", [0]);
          throw error;
        },
      },
      async (request): Promise<FileUploaded> => {
        const caller = request.caller as Caller;
        const body = request.body as Readable | undefined;
        if (body === undefined || typeof (body as Readable).pipe !== "function") {
          throw new ApiError("FILE_TYPE_NOT_ALLOWED", ["(empty)"]);
        }
        const name = String((request.query as Record<string, unknown>).name);
        try {
          const length = request.headers["content-length"];
          const file = await uploadFile(
            files,
            body,
            name,
            caller.role === "member" ? caller.id : null,
            length === undefined ? null : Number(length),
          );
          return { file: publicFile(file) };
        } catch (error) {
          rethrowUploadFailure(request, error, name);
        }
      },
    );
  });
}

/** A field of the share request (`ShareRequest`), so a renamed field fails to compile here. */
type ShareField = keyof ShareRequest;

function text(body: Record<string, unknown>, field: ShareField, max: number): string {
  const value = body[field] ?? "";
  if (typeof value !== "string" || value.length > max) {
    throw validationError([violation(field, `must be text of at most ${max} characters`, "MAX")]);
  }
  return value.trim();
}

function ids(body: Record<string, unknown>, field: ShareField, max: number): string[] {
  const value = body[field] ?? [];
  if (
    !Array.isArray(value) ||
    value.length > max ||
    !value.every((id) => typeof id === "string" && id !== "" && id.length <= 128)
  ) {
    throw validationError([violation(field, `must be a list of at most ${max} ids`)]);
  }
  return value as string[];
}

function readShare(body: Record<string, unknown>): ShareInput {
  const fileIds = ids(body, "fileIds", MAX_BATCH);
  const memberIds = ids(body, "memberIds", MAX_MEMBERS);
  const allMembers = body.allMembers ?? false;
  if (typeof allMembers !== "boolean") {
    throw validationError([violation("allMembers", "must be true or false")]);
  }
  const violations = [];
  if (fileIds.length === 0) {
    violations.push(violation("fileIds", "name at least one file", "REQUIRED_FIELD"));
  }
  if (!allMembers && memberIds.length === 0) {
    violations.push(
      violation("memberIds", "name at least one client, or set allMembers", "REQUIRED_FIELD"),
    );
  }
  const expires = body.expiresAt ?? null;
  const expiresAt = expires === null ? null : Date.parse(String(expires));
  if (expiresAt !== null && (typeof expires !== "string" || Number.isNaN(expiresAt))) {
    violations.push(violation("expiresAt", "must be an ISO date and time, or null"));
  }
  if (violations.length > 0) throw validationError(violations);
  return {
    fileIds,
    memberIds,
    allMembers,
    folder: text(body, "folder", MAX_FOLDER),
    note: text(body, "note", MAX_NOTE),
    expiresAt,
  };
}
