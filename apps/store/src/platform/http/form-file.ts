/**
 * @module One file sent by an HTML form (`multipart/form-data`), as a browser without JavaScript
 * sends it: the text fields before the file, then the file's bytes as a stream, read by busboy
 * as they arrive (never held whole). Fields after the file are not read, so a form puts its
 * token before its file input. Busboy loads on first use (an idle store stays small).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { ApiError } from "../errors.ts";
import { loadOnFirstUse } from "../load-on-first-use.ts";

const busboy = loadOnFirstUse(() => import("busboy"));

export type FormFile = {
  /** The text fields that came before the file. */
  fields: Readonly<Record<string, string>>;
  /** The file's name as the browser gave it (untrusted). */
  fileName: string;
  bytes: Readable;
};

export type FormFileLimits = {
  /** Text fields read at most (more refuse the form). */
  fields: number;
  /** Bytes of one text field at most (a longer one refuses the form). */
  fieldBytes: number;
};

/** The form is not one file after a few short fields. */
function notAFileForm(): ApiError {
  return new ApiError("FILE_FORM_INVALID");
}

function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | undefined)?.pipe === "function";
}

/**
 * Reads `body` (the request's stream; anything else is no form) as a form with one file and
 * hands the file to `receive` with the fields before it; `receive`'s answer or error is this
 * call's. A second file is skipped; a form without a file, with too many or too long fields, or
 * broken off or malformed, is refused.
 */
export async function readFormFile<T>(
  headers: IncomingHttpHeaders,
  body: unknown,
  limits: FormFileLimits,
  receive: (file: FormFile) => Promise<T>,
): Promise<T> {
  if (!isStream(body)) throw notAFileForm();
  const { default: createParser } = await busboy();
  return new Promise<T>((resolve, reject) => {
    let parser: ReturnType<typeof createParser>;
    try {
      parser = createParser({
        headers,
        // Browsers send a file's name as raw UTF-8 in the part's header; busboy's default reads
        // it as Latin-1 ("RÃ©sumÃ©.pdf").
        defParamCharset: "utf8",
        limits: { files: 1, fields: limits.fields, fieldSize: limits.fieldBytes },
      });
    } catch {
      reject(notAFileForm());
      body.resume();
      return;
    }
    const fields: Record<string, string> = {};
    let refused: ApiError | null = null;
    let taken = false;
    // A body that breaks off or is not well-formed fails the file's stream too: that is the form.
    let broken = false;
    const refuse = (error: ApiError) => {
      refused ??= error;
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) refuse(notAFileForm());
      else if (!taken) fields[name] = value;
    });
    parser.on("fieldsLimit", () => refuse(notAFileForm()));
    parser.on("file", (_name, bytes, info) => {
      if (taken || refused !== null) {
        bytes.resume();
        return;
      }
      taken = true;
      // Heard at once: the file's stream may break before `receive` starts reading it.
      bytes.on("error", () => {
        broken = true;
      });
      receive({ fields: { ...fields }, fileName: info.filename ?? "", bytes }).then(
        resolve,
        (error: unknown) => {
          // What is left of the file is read and dropped, so the answer can still be sent.
          bytes.resume();
          reject(broken && !(error instanceof ApiError) ? notAFileForm() : error);
        },
      );
    });
    parser.on("error", () => {
      broken = true;
      if (!taken) reject(notAFileForm());
    });
    parser.on("close", () => {
      if (!taken) reject(refused ?? notAFileForm());
    });
    // A client that goes away mid-form leaves no end to read: the parser, and the file, fail.
    body.once("close", () => {
      if (!body.readableEnded) parser.destroy(new Error("The request broke off"));
    });
    body.pipe(parser);
  });
}
