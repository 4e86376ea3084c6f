/** @module The owner's API reads its JSON bodies through these: a 400 naming what is missing. */
import type { FastifyRequest } from "fastify";
import { validationError, violation } from "../errors.ts";
import { isPlainObject } from "../query/values.ts";

/** The JSON body as an object, or a 400 naming the body. */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  if (!isPlainObject(request.body)) {
    throw validationError([violation("body", "must be a JSON object", "REQUIRED_FIELD")]);
  }
  return request.body;
}

export function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || value === "") {
    throw validationError([violation(field, "must be a non-empty string", "REQUIRED_FIELD")]);
  }
  return value;
}
