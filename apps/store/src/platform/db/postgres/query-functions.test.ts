/**
 * The SQL functions of migrations/postgres/0002-query-functions.sql against the JavaScript they
 * reproduce, on inputs the query generators rarely reach: date-time strings around every bound
 * V8 checks, doubles across the whole range, case folding, and `$matches` specs.
 * Needs STORE_TEST_DATABASE_URL; skipped without it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { caseSkew, withoutSkew } from "../../../main/test-kit/pg-case-skew.ts";
import {
  openPgTestSchema,
  type PgTestSchema,
  TEST_DATABASE_URL,
} from "../../../main/test-kit/pg-test-schema.ts";
import { propertyRuns } from "../../../main/test-kit/query-arbitraries.ts";
import { matchesSpec } from "../../query/matches-spec.ts";
import type { MatchesSpecPart } from "../../query/types.ts";
import { compareValues, dateOf, unicodeLower, wellFormed } from "../../query/values.ts";
import { textWithoutNul } from "./without-nul.ts";

const PROPERTY_TIMEOUT_MS = 60_000;

const digits = (length: number, max: number) =>
  fc.integer({ min: 0, max }).map((n) => String(n).padStart(length, "0"));

/** ISO-shaped date-times with every field at and around its bounds. */
const isoDateTime = fc
  .record({
    year: fc.oneof(
      fc.constantFrom("0000", "0001", "1969", "1970", "2000", "2024", "9999"),
      digits(4, 9999),
    ),
    month: digits(2, 13),
    day: digits(2, 32),
    hour: fc.oneof(fc.constantFrom("00", "23", "24", "25"), digits(2, 99)),
    minute: fc.oneof(fc.constantFrom("00", "59", "60"), digits(2, 99)),
    second: fc.option(fc.oneof(fc.constantFrom("00", "59", "60"), digits(2, 99)), {
      nil: undefined,
    }),
    fraction: fc.option(fc.stringMatching(/^(0{1,9}|[0-9]{1,9})$/), { nil: undefined }),
    zone: fc.oneof(
      fc.constant("Z"),
      fc
        .record({
          sign: fc.constantFrom("+", "-"),
          hours: fc.oneof(fc.constantFrom("00", "23", "24"), digits(2, 99)),
          minutes: fc.oneof(fc.constantFrom("00", "59", "60"), digits(2, 99)),
        })
        .map(({ sign, hours, minutes }) => `${sign}${hours}:${minutes}`),
    ),
  })
  .map(({ year, month, day, hour, minute, second, fraction, zone }) => {
    const seconds =
      second === undefined ? "" : `:${second}${fraction === undefined ? "" : `.${fraction}`}`;
    return `${year}-${month}-${day}T${hour}:${minute}${seconds}${zone}`;
  });

const nearlyIso = fc.oneof(
  isoDateTime,
  isoDateTime.map((iso) => iso.toLowerCase()),
  isoDateTime.map((iso) => ` ${iso}`),
  isoDateTime.map((iso) => `${iso}\n`),
  isoDateTime.map((iso) => iso.replace("T", " ")),
  fc.string({ maxLength: 30 }),
);

const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.constantFrom("ΟΔΟΣ", "İstanbul", "ß", "ǅ", "Σ.", "ΑΣ'Σ", "ﬃ", "Ϊ́"),
);

/** A spec built from the subject's own characters, so that it often matches. */
const matchesCase = fc
  .record({
    subject: text,
    ignoreCase: fc.boolean(),
    cuts: fc.array(fc.nat(), { maxLength: 4 }),
    noise: text,
  })
  .chain(({ subject, ignoreCase, cuts, noise }) => {
    const chars = [...wellFormed(subject)];
    const bounds = [
      ...new Set([0, chars.length, ...cuts.map((cut) => cut % (chars.length + 1))]),
    ].sort((a, b) => a - b);
    const pieces = bounds.slice(1).map((end, i) => chars.slice(bounds[i], end).join(""));
    return fc
      .tuple(
        ...pieces.map((piece) =>
          fc.record({ anyOf: fc.boolean(), upper: fc.boolean(), piece: fc.constant(piece) }),
        ),
      )
      .map((choices) => {
        const spec: MatchesSpecPart[] = choices.map(({ anyOf, upper, piece }) => {
          const value = upper ? piece.toUpperCase() : piece;
          return anyOf && [...piece].length === 1
            ? { type: "anyOf", value: `${wellFormed(noise)}${value}` }
            : { type: "literal", value };
        });
        return { subject, ignoreCase, spec };
      });
  });

describe.skipIf(TEST_DATABASE_URL === undefined)("PostgreSQL query functions", () => {
  let db: PgTestSchema;
  // Characters this server's ICU folds unlike Node's (pg-case-skew.ts), kept out of the inputs.
  let skew: ReadonlySet<number>;
  beforeAll(async () => {
    db = await openPgTestSchema(TEST_DATABASE_URL ?? "");
    skew = await caseSkew(db);
  });
  afterAll(() => db?.close());

  /** One call per input, in a single round trip. */
  async function each<T>(sql: string, inputs: readonly unknown[]): Promise<T[]> {
    const rows = await db.query<{ result: T }>(
      `SELECT ${sql} AS result FROM jsonb_array_elements(@inputs::jsonb) WITH ORDINALITY AS input(value, position) ORDER BY position`,
      { inputs: JSON.stringify(inputs) },
    );
    return rows.map((row) => row.result);
  }

  test("store_date_ms reads date-times as Date.parse does", {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(nearlyIso, { minLength: 1, maxLength: 50 }), async (isos) => {
        const inputs = isos.map((iso) => ({ $date: textWithoutNul(wellFormed(iso)) }));
        const results = await each<string | null>("store_date_ms(value)", inputs);
        expect(results.map((ms) => (ms === null ? null : Number(ms)))).toEqual(inputs.map(dateOf));
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  test("the fixed date-time edge cases", async () => {
    const isos = [
      "2021-02-30T00:00Z",
      "2021-02-31T00:00Z",
      "2021-01-01T24:00:00.000000000Z",
      "2021-01-01T24:00:00.0001Z",
      "0000-01-01T00:00:00.000Z",
      "0000-01-01T00:00+01:00",
      "1969-12-31T23:59:59.9999Z",
      "9999-12-31T23:59:59.999999999-23:59",
      "2021-01-01T00:00+24:00",
    ];
    const results = await each<string | null>(
      "store_date_ms(value)",
      isos.map((iso) => ({ $date: iso })),
    );
    expect(results.map((ms) => (ms === null ? null : Number(ms)))).toEqual(
      isos.map((iso) => Date.parse(iso) || null),
    );
    expect(Number(results[4])).toBe(-62167219200000);
  });

  test("store_sort_key orders numbers as JavaScript does", {
    timeout: PROPERTY_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.constantFrom(0, -0, 1e21, 5e-324, 0.30000000000000004),
          ),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        async (numbers) => {
          const rows = await db.query<{ position: string }>(
            "SELECT position FROM jsonb_array_elements(@inputs::jsonb) WITH ORDINALITY AS input(value, position) ORDER BY store_sort_key(value), position",
            { inputs: JSON.stringify(numbers) },
          );
          const expected = numbers
            .map((value, i) => ({ value, position: i + 1 }))
            .sort((a, b) => compareValues(a.value, b.value) || a.position - b.position)
            .map(({ position }) => position);
          expect(rows.map((row) => Number(row.position))).toEqual(expected);
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  test("the server folds case like Node but for a newer Unicode's few additions", () => {
    // Without ICU, lower() would differ on thousands of characters, and the tests hide the skew.
    expect(skew.size).toBeLessThan(200);
  });

  test("store_unicode_lower is toLowerCase", { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 50 }), async (texts) => {
        const inputs = texts.map((value) => withoutSkew(textWithoutNul(wellFormed(value)), skew));
        const results = await each<string>("store_unicode_lower(value #>> '{}')", inputs);
        expect(results).toEqual(inputs.map(unicodeLower));
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  test("store_matches is matchesSpec", { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(matchesCase, { minLength: 1, maxLength: 20 }), async (cases) => {
        const inputs = cases.map(({ subject, ignoreCase, spec }) =>
          withoutSkew(
            {
              subject: textWithoutNul(wellFormed(subject)),
              ignoreCase,
              spec: spec.map((part) => ({ ...part, value: textWithoutNul(part.value) })),
            },
            skew,
          ),
        );
        const results = await each<boolean>(
          "store_matches(value ->> 'subject', (value -> 'ignoreCase')::boolean, value -> 'spec')",
          inputs,
        );
        expect(results).toEqual(
          inputs.map((input) => matchesSpec(input.subject, input.ignoreCase, input.spec)),
        );
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
