import { type PictureSlot, readPicture } from "@consultant/site-content";
import { LIMITS } from "@consultant/site-content/editor";
import { useId, useRef, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FileField } from "../../components/ui/file-field.tsx";
import { cn } from "../../lib/cn.ts";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import type { ItemData } from "../model/item-data.ts";
import { TextField } from "./text-field.tsx";

/** The file types the store takes (it reads the real type from the bytes). */
const ACCEPT = "image/png,image/jpeg,image/webp,image/svg+xml";
const MAX_BYTES = 8 * 1024 * 1024;

export type PictureUploadProps = {
  api: EditorApi;
  slot: PictureSlot;
  /** What the upload does, as the group's name ("Replace the portrait"). */
  legend: string;
  /** The alt text to start from (the current picture's). */
  initialAlt: string;
  /** The client logo this upload replaces. */
  replaceId?: string;
  onUploaded: (item: ItemData) => void;
};

type Status = { tone: "ok" | "error" | "info"; text: string } | null;

/**
 * A picture's file and its text for visitors who cannot see it: the store checks and converts the
 * file at once, and it joins the form as an unsaved change, so it reaches the page only as the
 * rest does (saved, or published from a draft); Preview shows it before. A refused file changes
 * nothing and says why.
 */
export function PictureUpload({
  api,
  slot,
  legend,
  initialAlt,
  replaceId,
  onUploaded,
}: PictureUploadProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState(initialAlt);
  const [altError, setAltError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const announce = useAnnounce();
  const altId = `${id}-alt`;
  const fileId = `${id}-file`;

  async function upload() {
    if (busy) return;
    const file = fileRef.current?.files?.[0];
    const text = alt.trim();
    setAltError(text === "" ? "Describe the picture for visitors who cannot see it" : undefined);
    setFileError(file === undefined ? "Choose a picture file" : undefined);
    if (text === "") return document.getElementById(altId)?.focus();
    if (file === undefined) return fileRef.current?.focus();
    if (file.size > MAX_BYTES) {
      setStatus({ tone: "error", text: "Not uploaded: a picture may be at most 8 MB." });
      return;
    }
    setBusy(true);
    setStatus({ tone: "info", text: "Uploading…" });
    try {
      const item = await api.uploadPicture(slot, text, file, replaceId);
      if (fileRef.current) fileRef.current.value = "";
      setStatus({
        tone: "ok",
        text: "Uploaded, not on the public page yet: save your changes (or keep them as a draft) to put it there. Preview shows it now.",
      });
      announce("Picture uploaded");
      if (readPicture(item)) onUploaded(item);
    } catch (error) {
      setStatus({ tone: "error", text: `Not uploaded: ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <TextField
        id={altId}
        label="Text for visitors who cannot see the new picture"
        value={alt}
        max={LIMITS.pictureAlt}
        required
        error={altError}
        onChange={setAlt}
      />
      <FileField
        inputRef={fileRef}
        id={fileId}
        label="Picture file"
        accept={ACCEPT}
        hint="PNG, JPEG, WebP or SVG, at most 8 MB."
        error={fileError}
        onChange={() => setFileError(undefined)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" aria-disabled={busy} onClick={() => void upload()}>
          {busy ? "Uploading…" : "Upload"}
        </Button>
        <p
          role={status?.tone === "error" ? "alert" : "status"}
          className={cn(
            "text-sm",
            status?.tone === "error" && "font-semibold text-danger",
            status?.tone === "ok" && "font-semibold text-accent-strong",
          )}
        >
          {status?.text ?? ""}
        </p>
      </div>
    </fieldset>
  );
}
