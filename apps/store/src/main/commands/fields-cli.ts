/**
 * @module `npm run store -- fields …`: lists, declares and undeclares a collection's declared
 * fields in DATA_DIR's database (also while the store runs: it reads the declarations per query).
 * Declaring builds the field's index, which reads the collection's items once.
 */

import { createDeclaredFields, DECLARED_FIELD_TYPES } from "../../data/index.ts";
import { readEnvConfig } from "../../platform/config.ts";
import { withStoreDb } from "../../platform/db/open.ts";
import { ApiError } from "../../platform/errors.ts";

const USAGE = `Usage: npm run store -- fields list [collection]
       npm run store -- fields declare <collection> <field> <${DECLARED_FIELD_TYPES.join("|")}>
       npm run store -- fields undeclare <collection> <field>

Declared fields get an index, so filters ($eq, $in, $gt, $gte, $lt, $lte) and sorts on them stay
fast as a collection grows. A field is dot-separated identifiers (order, itemData.title).
Uses DATA_DIR (default ./data).`;

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.violations.map((v) => `${v.field} ${v.description}`).join("; ");
    return details === "" ? error.message : `${error.message}: ${details}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Runs a fields sub-command; returns the process exit code. */
export function runFieldsCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): number {
  const [command, collectionId, field, type] = args;
  const valid =
    (command === "list" && args.length <= 2) ||
    (command === "declare" && args.length === 4) ||
    (command === "undeclare" && args.length === 3);
  if (!valid || collectionId === "" || field === "") {
    err(USAGE);
    return command === "help" || command === "--help" ? 0 : 2;
  }
  try {
    const config = readEnvConfig(env, process.cwd());
    withStoreDb(config, (db) => {
      const fields = createDeclaredFields(db);
      if (command === "declare" && collectionId && field && type) {
        fields.declare(collectionId, field, type);
        out(`fields: ${collectionId}.${field} is declared as ${type} and indexed`);
      } else if (command === "undeclare" && collectionId && field) {
        const removed = fields.undeclare(collectionId, field);
        out(
          `fields: ${collectionId}.${field} ${removed ? "is no longer declared" : "was not declared"}`,
        );
      } else {
        const rows = fields
          .listAll()
          .filter((row) => collectionId === undefined || row.collectionId === collectionId);
        for (const row of rows) out(`${row.collectionId}\t${row.field}\t${row.type}`);
        if (rows.length === 0) out("fields: none declared");
      }
    });
    return 0;
  } catch (error) {
    err(`fields: ${errorText(error)}`);
    return 1;
  }
}
