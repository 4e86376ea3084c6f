/** The Files panel's calls: the store's `/files/v1` routes as the signed-in owner. */
import type {
  FilesOverview,
  FileUploaded,
  ShareCreated,
  ShareRequest,
  StoredFile,
} from "@consultant/site-content/wire";
import { type EditorApi, UploadError } from "../api/editor-api.ts";

/** Where the owner's browser downloads a file (the session cookie is enough for a GET). */
export function contentUrl(fileId: string): string {
  return `/files/v1/files/${encodeURIComponent(fileId)}/content`;
}

export function createFilesApi(api: Pick<EditorApi, "call" | "sessionFetch">) {
  return {
    overview: () => api.call<FilesOverview>({ method: "GET", path: "/files/v1/files" }),

    /** Uploads one file; refusals (type, size) come back in the store's words. */
    async upload(file: File): Promise<StoredFile> {
      const response = await api.sessionFetch(
        `/files/v1/files?name=${encodeURIComponent(file.name)}`,
        {
          method: "POST",
          headers: { "content-type": "application/octet-stream" },
          body: file,
        },
      );
      const body = (await response.json().catch(() => null)) as
        | (Partial<FileUploaded> & { message?: string })
        | null;
      if (!response.ok || body?.file === undefined) {
        throw new UploadError(
          body?.message ?? `The store answered ${response.status}`,
          response.status,
        );
      }
      return body.file;
    },

    share: (request: ShareRequest) =>
      api.call<ShareCreated>({ method: "POST", path: "/files/v1/shares", body: request }),

    revoke: (shareId: string) =>
      api.call({ method: "DELETE", path: `/files/v1/shares/${encodeURIComponent(shareId)}` }),
  };
}

export type FilesApi = ReturnType<typeof createFilesApi>;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDate(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
