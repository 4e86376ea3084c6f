/** @module The GraphQL endpoint's queries and mutations, one row each. */
import { graphqlItemsCounts } from "./counts-in.ts";
import { data, type RouteRow, type Target } from "./route-row.ts";

const gql = (query: string) => (t: Target) => ({
  url: "/graphql/alpha",
  body: { query: query.replaceAll("$C", t.collection).replaceAll("$ID", t.id) },
});

export const GRAPHQL_ROWS: RouteRow[] = [
  {
    name: "graphql items",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("read"),
    example: gql('{ items(collection: "$C") { id data } }'),
    countsIn: graphqlItemsCounts,
  },
  {
    name: "graphql item",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("read"),
    example: gql('{ item(collection: "$C", id: "$ID") { id data } }'),
  },
  {
    name: "graphql insertItem",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("insert"),
    example: gql('mutation { insertItem(collection: "$C", data: {_id: "$ID-gql"}) { id } }'),
  },
  {
    name: "graphql updateItem",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("update"),
    example: gql('mutation { updateItem(collection: "$C", id: "$ID", data: {title: "x"}) { id } }'),
  },
  {
    name: "graphql removeItem",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("remove"),
    example: gql('mutation { removeItem(collection: "$C", id: "$ID") { id } }'),
  },
];
