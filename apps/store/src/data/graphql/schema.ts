/**
 * @module The GraphQL schema over the collections (graphql-js): `items`, `item`, `count` and
 * `collections` queries and `insertItem`, `updateItem`, `removeItem` mutations. Resolvers go
 * through the same validation, permission check and item writer as the data-items routes.
 */
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLNullableType,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  valueFromASTUntyped,
} from "graphql";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import type { Caller } from "../../platform/http/caller.ts";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_OFFSET,
  readCollectionId,
  readInteger,
  readItemId,
  readSort,
  toSortSpec,
} from "../../platform/query/request-fields.ts";
import type { AccessControl } from "../access/access-control.ts";
import { readCondition, readDataItem } from "../items/item-input.ts";
import type { ItemWriter } from "../items/item-writer.ts";
import type { ItemsStore, StoredItem } from "../storage/items-store.ts";

/** Items one request may read in total, across all its fields and aliases. */
export const MAX_ITEMS_PER_REQUEST = 5000;

export type GraphQLContext = {
  caller: Caller;
  /** Items still allowed for this request. */
  budget: { items: number };
};

export type GraphQLDeps = { store: ItemsStore; writer: ItemWriter; access: AccessControl };

const JSONScalar = new GraphQLScalarType({
  name: "JSON",
  description: 'Any JSON value; dates are {"$date": ISO-8601}.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});

const ItemType = new GraphQLObjectType<StoredItem>({
  name: "Item",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (item) => item.id },
    collection: { type: new GraphQLNonNull(GraphQLString), resolve: (item) => item.collectionId },
    data: {
      type: new GraphQLNonNull(JSONScalar),
      description: "The item data with its system fields.",
      resolve: (item) => item.data,
    },
  },
});

const SortOrderType = new GraphQLEnumType({
  name: "SortOrder",
  values: { ASC: { value: "ASC" }, DESC: { value: "DESC" } },
});

const SortInput = new GraphQLInputObjectType({
  name: "SortInput",
  fields: {
    fieldName: { type: new GraphQLNonNull(GraphQLString) },
    order: { type: SortOrderType, defaultValue: "ASC" },
  },
});

const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type);

function spend(context: GraphQLContext, count: number): void {
  context.budget.items -= count;
  if (context.budget.items < 0) {
    throw validationError([
      violation("query", `a request may read at most ${MAX_ITEMS_PER_REQUEST} items`, "MAX", {
        threshold: MAX_ITEMS_PER_REQUEST,
      }),
    ]);
  }
}

export function createGraphQLSchema({ store, writer, access }: GraphQLDeps): GraphQLSchema {
  const query = new GraphQLObjectType<unknown, GraphQLContext>({
    name: "Query",
    fields: {
      collections: {
        type: nonNull(new GraphQLList(nonNull(GraphQLString))),
        description: "The collections the caller may read.",
        resolve: (_root, _args, context) =>
          store.collectionIds().filter((id) => access.can(context.caller, id, "read")),
      },
      items: {
        type: nonNull(new GraphQLList(nonNull(ItemType))),
        args: {
          collection: { type: nonNull(GraphQLString) },
          filter: { type: JSONScalar, description: "A data-items filter (docs/protocol.md §3.1)." },
          sort: { type: new GraphQLList(nonNull(SortInput)) },
          limit: { type: GraphQLInt, defaultValue: DEFAULT_LIMIT },
          offset: { type: GraphQLInt, defaultValue: 0 },
        },
        resolve: (_root, args, context) => {
          const collectionId = readCollectionId(args.collection, "collection");
          const filter = parseFilter(args.filter, "filter");
          const sort = toSortSpec(readSort(args.sort, "sort"), "sort");
          const limit = readInteger(args.limit, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
          const offset = readInteger(args.offset, "offset", 0, 0, MAX_OFFSET);
          access.authorize(context.caller, collectionId, "read");
          spend(context, limit);
          return store.query({ collectionId, filter, sort, offset, limit });
        },
      },
      item: {
        type: ItemType,
        args: { collection: { type: nonNull(GraphQLString) }, id: { type: nonNull(GraphQLID) } },
        resolve: (_root, args, context) => {
          const collectionId = readCollectionId(args.collection, "collection");
          const id = readItemId(args.id, "id");
          access.authorize(context.caller, collectionId, "read");
          spend(context, 1);
          return store.getItem(collectionId, id);
        },
      },
      count: {
        type: nonNull(GraphQLInt),
        args: { collection: { type: nonNull(GraphQLString) }, filter: { type: JSONScalar } },
        resolve: (_root, args, context) => {
          const collectionId = readCollectionId(args.collection, "collection");
          const filter = parseFilter(args.filter, "filter");
          access.authorize(context.caller, collectionId, "read");
          return store.count(collectionId, filter);
        },
      },
    },
  });

  const mutation = new GraphQLObjectType<unknown, GraphQLContext>({
    name: "Mutation",
    fields: {
      insertItem: {
        type: nonNull(ItemType),
        args: { collection: { type: nonNull(GraphQLString) }, data: { type: nonNull(JSONScalar) } },
        resolve: (_root, args, context) => {
          const collectionId = readCollectionId(args.collection, "collection");
          const input = readDataItem({ data: args.data }, "args");
          access.authorize(context.caller, collectionId, "insert");
          return writer.insert(collectionId, input, context.caller.id);
        },
      },
      updateItem: {
        type: nonNull(ItemType),
        description: "Replaces the item's data; with a condition, only if the stored item matches.",
        args: {
          collection: { type: nonNull(GraphQLString) },
          id: { type: nonNull(GraphQLID) },
          data: { type: nonNull(JSONScalar) },
          condition: { type: JSONScalar, description: "{filter}" },
        },
        resolve: (_root, args, context) => {
          const collectionId = readCollectionId(args.collection, "collection");
          const input = readDataItem({ id: args.id, data: args.data }, "args");
          const condition = readCondition(args.condition);
          access.authorize(context.caller, collectionId, "update");
          return writer.update(collectionId, input, condition);
        },
      },
      removeItem: {
        type: nonNull(ItemType),
        args: {
          collection: { type: nonNull(GraphQLString) },
          id: { type: nonNull(GraphQLID) },
          condition: { type: JSONScalar, description: "{filter}" },
        },
        resolve: (_root, args, context) => {
          const collectionId = readCollectionId(args.collection, "collection");
          const id = readItemId(args.id, "id");
          const condition = readCondition(args.condition);
          access.authorize(context.caller, collectionId, "remove");
          return writer.remove(collectionId, id, condition);
        },
      },
      truncate: {
        type: nonNull(GraphQLBoolean),
        args: { collection: { type: nonNull(GraphQLString) } },
        resolve: (_root, args, context) => {
          const collectionId = readCollectionId(args.collection, "collection");
          access.authorize(context.caller, collectionId, "remove");
          writer.truncate(collectionId);
          return true;
        },
      },
    },
  });

  return new GraphQLSchema({ query, mutation });
}

/** The `extensions` of a GraphQL error raised by a resolver: the store's code and status. */
export function errorExtensions(error: unknown): Record<string, unknown> {
  if (!(error instanceof ApiError)) return { code: "INTERNAL_ERROR", status: 500 };
  return {
    code: error.wireCode,
    status: error.status,
    ...(error.violations.length > 0 ? { fieldViolations: error.violations } : {}),
    ...(Object.keys(error.data).length > 0 ? { data: error.data } : {}),
  };
}
