/**
 * @module The stores write parameters as SQLite does, `?` or `@name`; PostgreSQL numbers them
 * (`$1`). Translated once per statement text, outside string literals, quoted names and comments.
 */

export type Placeholders = {
  text: string;
  /** For each `$n`, the parameter's name, or its position among the `?`s. */
  order: (string | number)[];
};

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

export function toNumberedPlaceholders(sql: string): Placeholders {
  const order: (string | number)[] = [];
  const numbers = new Map<string, number>();
  let positional = 0;
  let text = "";
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] as string;
    if (char === "'" || char === '"') {
      const end = closingQuote(sql, i, char);
      text += sql.slice(i, end);
      i = end;
    } else if (char === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      text += sql.slice(i, stop);
      i = stop;
    } else if (char === "?") {
      order.push(positional++);
      text += `$${order.length}`;
      i += 1;
    } else if (char === "@") {
      NAME.lastIndex = i + 1;
      const name = NAME.exec(sql)?.[0];
      if (name === undefined) {
        // An operator such as jsonb's `@>`, not a parameter.
        text += char;
        i += 1;
        continue;
      }
      let number = numbers.get(name);
      if (number === undefined) {
        order.push(name);
        number = order.length;
        numbers.set(name, number);
      }
      text += `$${number}`;
      i += 1 + name.length;
    } else {
      text += char;
      i += 1;
    }
  }
  return { text, order };
}

/** The index just past the quote that closes the one at `start` (a doubled quote escapes it). */
function closingQuote(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length;
}

/** The values in `$n` order, from better-sqlite3-style arguments (positional, or one object). */
export function bindValues(placeholders: Placeholders, args: readonly unknown[]): unknown[] {
  const named = args.length === 1 && isNamedParameters(args[0]) ? args[0] : null;
  return placeholders.order.map((key) => {
    if (typeof key === "number") {
      if (key >= args.length) throw new RangeError("Too few parameter values were provided");
      return args[key];
    }
    if (named === null || !Object.hasOwn(named, key)) {
      throw new RangeError(`Missing named parameter "${key}"`);
    }
    return named[key];
  });
}

function isNamedParameters(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array)
  );
}
