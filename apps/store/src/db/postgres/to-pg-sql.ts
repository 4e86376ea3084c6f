// Placeholder until the jsonb compiler lands (branch pg-query).
import type { FieldPath, FilterNode, SortSpec } from "../../query/types.ts";
import type { CompileOptions, SqlParams } from "../to-sql.ts";

export function compileQuery(
  _node: FilterNode,
  _sort: SortSpec,
  _options: CompileOptions = {},
): { where: string; orderBy: string; params: SqlParams } {
  return { where: "TRUE", orderBy: "", params: {} };
}

export function fieldExpression(path: FieldPath): string {
  return `(data #> '{${path.join(",")}}')`;
}

export function declaredFieldIndexSql(field: string, path: string[]): string {
  return `CREATE INDEX IF NOT EXISTS "items_field:${field}" ON items (collection_id, ${fieldExpression(path)})`;
}
