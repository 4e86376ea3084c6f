/** Small helpers for route tests: calls with a credential and the protocol's error fields. */
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "./test-app.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Calls `url` (relative to /wix-data/v2 unless it starts with `/`) with `authorization`. */
export function caller(t: TestApp, authorization: string | null) {
  return (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: url.startsWith("/") ? url : `/wix-data/v2/${url}`,
      headers: authorization === null ? {} : { authorization },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The application error code of a response, if any. */
export function codeOf(response: LightMyRequestResponse): string | undefined {
  return (response.json() as { details?: { applicationError?: { code?: string } } }).details
    ?.applicationError?.code;
}

/** The fields of a validation error's violations. */
export function violatedFields(response: LightMyRequestResponse): string[] {
  const body = response.json() as {
    details?: { validationError?: { fieldViolations?: { field: string }[] } };
  };
  return (body.details?.validationError?.fieldViolations ?? []).map((v) => v.field);
}
