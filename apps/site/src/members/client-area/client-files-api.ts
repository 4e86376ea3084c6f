/**
 * The client area's files: the store's `/files/v1` routes with the member's token. Downloads
 * are fetched with the token (a plain link would carry none) and handed to the browser to save.
 */
import type { MemberFiles } from "@consultant/site-content/wire";
import { content } from "../member-clients.ts";

/** A refusal in the store's words. */
export class FileCallError extends Error {
  override readonly name = "FileCallError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export function contentPath(fileId: string): string {
  return `/files/v1/files/${encodeURIComponent(fileId)}/content`;
}

export function listFiles(): Promise<MemberFiles> {
  return content.call<MemberFiles>({ method: "GET", path: "/files/v1/files" });
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await content.auth.getAccessToken();
  const response = await fetch(path, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: token },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new FileCallError(
      body?.message ?? `The store answered ${response.status}`,
      response.status,
    );
  }
  return response;
}

/** Downloads the file and asks the browser to save it under its name. */
export async function downloadFile(file: { id: string; name: string }): Promise<void> {
  const blob = await (await send(contentPath(file.id))).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function uploadFile(file: File): Promise<void> {
  await send(`/files/v1/files?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: file,
  });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
