import { HttpError, isHttpError } from "./errors.ts";
import { isRecord } from "./is-record.ts";
import type { SendJson } from "./request.ts";

/** Options of `client.graphql`. */
export interface GraphQLOptions {
  /**
   * The API version in the path `/graphql/{apiVersion}`.
   *
   * @default "alpha"
   */
  apiVersion?: string;
}

/** One entry of a GraphQL response's `errors`, as the GraphQL specification shapes it. */
export interface GraphQLErrorEntry {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** The answer to a GraphQL request that reached the store with status 200. */
export interface GraphQLResult<D = Record<string, unknown>> {
  /** The `data` member; `{}` when the store sent none. */
  data: D;
  /** Field errors of a partly failed request, when there are any. */
  errors?: GraphQLErrorEntry[];
}

/**
 * Sends a GraphQL request to `POST {baseUrl}/graphql/{apiVersion}` with the client's credentials.
 *
 * @throws {HttpError} with the message `GraphQL request failed with status {status}` for any
 * status other than 200 (the parsed body, with its `errors`, is in `data`).
 * @example
 * ```ts
 * const { data } = await client.graphql<{ items: { id: string }[] }>(
 *   "query ($c: String!) { items(collection: $c) { id } }",
 *   { c: "Clients" },
 * );
 * ```
 */
export type GraphQLCall = <D = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  options?: GraphQLOptions,
) => Promise<GraphQLResult<D>>;

/** Creates `client.graphql` on top of an authorized transport. */
export function createGraphQL(send: SendJson): GraphQLCall {
  return async function graphql<D>(
    query: string,
    variables?: Record<string, unknown>,
    { apiVersion = "alpha" }: GraphQLOptions = {},
  ): Promise<GraphQLResult<D>> {
    let body: unknown;
    try {
      ({ body } = await send({
        method: "POST",
        path: `/graphql/${encodeURIComponent(apiVersion)}`,
        body: JSON.stringify({ query, variables }),
      }));
    } catch (error) {
      if (!isHttpError(error)) throw error;
      // The SDK's wording, whatever the body says; the details stay on the error.
      const { code, status, details, description, data, requestId, request } = error;
      const message = `GraphQL request failed with status ${status}`;
      throw new HttpError({
        message,
        code,
        status,
        details,
        description,
        data,
        requestId,
        request,
      });
    }
    const record = isRecord(body) ? body : {};
    const data = (record.data ?? {}) as D;
    return Array.isArray(record.errors)
      ? { data, errors: record.errors as GraphQLErrorEntry[] }
      : { data };
  };
}
