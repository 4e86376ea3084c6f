/**
 * @module `POST /graphql/{apiVersion}` (docs/protocol.md §9): the schema of graphql/schema.ts with
 * the same callers and permissions as the data-items API. Answers `{data, errors}`; a request
 * that is not a valid GraphQL document for the schema gets 400 with `{errors}`. graphql-js is
 * loaded with the first request (graphql/run-graphql.ts), so it costs nothing on start.
 */
import type { FastifyInstance } from "fastify";
import { validationError, violation } from "../../platform/errors.ts";
import { type CallerDeps, requireCaller } from "../../platform/http/caller.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import type { GraphQLBody } from "./run-graphql.ts";
import type { GraphQLDeps } from "./schema.ts";

const API_VERSION = /^[A-Za-z0-9_-]{1,32}$/;

export type GraphQLRoutesOptions = GraphQLDeps & { caller: CallerDeps };

type GraphQLRunner = ReturnType<typeof import("./run-graphql.ts")["createGraphQLRunner"]>;

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

export async function graphqlRoutes(
  app: FastifyInstance,
  options: GraphQLRoutesOptions,
): Promise<void> {
  let runner: Promise<GraphQLRunner> | undefined;
  app.addHook("onRequest", requireCaller(options.caller));

  app.post<{ Params: { apiVersion: string } }>("/graphql/:apiVersion", async (request, reply) => {
    if (!API_VERSION.test(request.params.apiVersion)) {
      throw validationError([violation("apiVersion", "must be a version name such as alpha")]);
    }
    const body = readGraphQLBody(request.body);
    runner ??= import("./run-graphql.ts").then(({ createGraphQLRunner }) =>
      createGraphQLRunner(options),
    );
    const answer = await (await runner)(request, body);
    return reply.code(answer.status).send(answer.body);
  });
}
