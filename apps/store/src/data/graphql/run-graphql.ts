/**
 * @module Runs one GraphQL request against the schema (graphql/schema.ts). Loaded on the first
 * `/graphql` request, not on start: graphql-js is the largest package the store uses.
 */
import type { FastifyRequest } from "fastify";
import {
  type DocumentNode,
  execute,
  GraphQLError,
  type GraphQLSchema,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { ApiError } from "../../platform/errors.ts";
import { callerOf } from "../../platform/http/caller.ts";
import { internalError } from "../../platform/http/error-handler.ts";
import {
  createGraphQLSchema,
  errorExtensions,
  type GraphQLContext,
  type GraphQLDeps,
  MAX_ITEMS_PER_REQUEST,
} from "./schema.ts";

/** Bounds the work a document can ask for: parsing stops after this many tokens. */
export const MAX_GRAPHQL_TOKENS = 2000;

export type GraphQLBody = {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
};

/** The HTTP status and JSON body of a GraphQL answer. */
export type GraphQLAnswer = { status: number; body: unknown };

function parseDocument(
  schema: GraphQLSchema,
  query: string,
): DocumentNode | readonly GraphQLError[] {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: MAX_GRAPHQL_TOKENS });
  } catch (error) {
    return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
  }
  const errors = validate(schema, document, specifiedRules);
  return errors.length > 0 ? errors : document;
}

/** A store error as one line: the message, then each field violation. */
function errorMessage(error: Error): string {
  if (!(error instanceof ApiError) || error.violations.length === 0) return error.message;
  const details = error.violations.map((v) => `${v.field}: ${v.description}`).join("; ");
  return `${error.message}: ${details}`;
}

/** Builds the schema once and answers requests with it. */
export function createGraphQLRunner(deps: GraphQLDeps) {
  const schema = createGraphQLSchema(deps);
  return async (request: FastifyRequest, body: GraphQLBody): Promise<GraphQLAnswer> => {
    const parsed = parseDocument(schema, body.query);
    if (!("kind" in parsed)) {
      return { status: 400, body: { errors: parsed.map((error) => error.toJSON()) } };
    }
    const contextValue: GraphQLContext = {
      caller: callerOf(request),
      budget: { items: MAX_ITEMS_PER_REQUEST },
    };
    const result = await execute({
      schema,
      document: parsed,
      contextValue,
      variableValues: body.variables ?? null,
      operationName: body.operationName ?? null,
    });
    const errors = result.errors?.map((error) => {
      const original = error.originalError;
      // graphql-js's own errors (variables that do not fit the schema) carry no store code.
      if (original === undefined || original instanceof GraphQLError) return error.toJSON();
      const extensions = errorExtensions(original);
      if (extensions.status === 500) {
        request.log.error({ err: original }, "graphql resolver failed");
        return { ...error.toJSON(), message: internalError(request.id).message, extensions };
      }
      return { ...error.toJSON(), message: errorMessage(original), extensions };
    });
    // Variables that do not fit the schema fail before execution: a bad request, like syntax.
    if (result.data === undefined) return { status: 400, body: { errors } };
    return { status: 200, body: { data: result.data, ...(errors ? { errors } : {}) } };
  };
}
