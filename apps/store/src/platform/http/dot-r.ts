/**
 * @module The `?.r=<base64url(JSON)>` GET form (docs/protocol.md §2.3, §10): the whole request
 * payload encoded in one query parameter.
 */
import { validationError, violation } from "../errors.ts";
import { isPlainObject } from "../query/values.ts";

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes a `.r` value into the request payload object.
 * @throws ApiError VALIDATION_FAILED when it is not base64url of a UTF-8 JSON object.
 */
export function decodeDotR(raw: unknown): Record<string, unknown> {
  const invalid = (description: string) =>
    validationError([violation(".r", description)], "invalid query");
  if (typeof raw !== "string") throw invalid("must appear exactly once");
  if (!BASE64URL.test(raw)) throw invalid("must be base64url");
  let payload: unknown;
  try {
    payload = JSON.parse(UTF8.decode(Buffer.from(raw, "base64url")));
  } catch {
    throw invalid("must be base64url-encoded UTF-8 JSON");
  }
  if (!isPlainObject(payload)) throw invalid("must encode a JSON object");
  return payload;
}
