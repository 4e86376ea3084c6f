/**
 * @module `POST /graphql/{apiVersion}` (protocol.md §9): the schema of graphql/schema.ts with
 * the same callers and permissions as the data-items API. Answers `{data, errors}`; a request
 * that is not a valid GraphQL document for the schema gets 400 with `{errors}`.
 */
import type { FastifyInstance } from "fastify";
import {
  type DocumentNode,
  execute,
  GraphQLError,
  type GraphQLSchema,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { type CallerDeps, callerOf, requireCaller } from "../auth/caller.ts";
import { ApiError, validationError, violation } from "../errors.ts";
import {
  createGraphQLSchema,
  errorExtensions,
  type GraphQLContext,
  type GraphQLDeps,
  MAX_ITEMS_PER_REQUEST,
} from "../graphql/schema.ts";
import { internalError } from "../http/error-handler.ts";
import { isPlainObject } from "../query/values.ts";

/** Bounds the work a document can ask for: parsing stops after this many tokens. */
export const MAX_GRAPHQL_TOKENS = 2000;
const API_VERSION = /^[A-Za-z0-9_-]{1,32}$/;

export type GraphQLRoutesOptions = GraphQLDeps & { caller: CallerDeps };

type GraphQLBody = { query: string; variables?: Record<string, unknown>; operationName?: string };

function readGraphQLBody(raw: unknown): GraphQLBody {
  if (!isPlainObject(raw)) {
    throw validationError([violation("body", "must be {query, variables?, operationName?}")]);
  }
  if (typeof raw.query !== "string" || raw.query.trim() === "") {
    throw validationError([violation("query", "must be a GraphQL document", "REQUIRED_FIELD")]);
  }
  if (raw.variables != null && !isPlainObject(raw.variables)) {
    throw validationError([violation("variables", "must be an object")]);
  }
  if (raw.operationName != null && typeof raw.operationName !== "string") {
    throw validationError([violation("operationName", "must be a string")]);
  }
  return {
    query: raw.query,
    ...(isPlainObject(raw.variables) ? { variables: raw.variables } : {}),
    ...(typeof raw.operationName === "string" ? { operationName: raw.operationName } : {}),
  };
}

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

export async function graphqlRoutes(
  app: FastifyInstance,
  options: GraphQLRoutesOptions,
): Promise<void> {
  const schema = createGraphQLSchema(options);
  app.addHook("onRequest", requireCaller(options.caller));

  app.post<{ Params: { apiVersion: string } }>("/graphql/:apiVersion", async (request, reply) => {
    if (!API_VERSION.test(request.params.apiVersion)) {
      throw validationError([violation("apiVersion", "must be a version name such as alpha")]);
    }
    const body = readGraphQLBody(request.body);
    const parsed = parseDocument(schema, body.query);
    if (!("kind" in parsed)) {
      return reply.code(400).send({ errors: parsed.map((error) => error.toJSON()) });
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
    if (result.data === undefined) return reply.code(400).send({ errors });
    return { data: result.data, ...(errors ? { errors } : {}) };
  });
}
