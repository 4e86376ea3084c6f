-- The functions the PostgreSQL query compiler (db/postgres/to-pg-sql.ts) relies on. Each one
-- reproduces a piece of the evaluator's semantics (query/values.ts, matches-spec.ts) exactly;
-- the property test db/postgres/pg-sql-agreement.test.ts holds them to it.

-- Epoch ms of an ISO date-time as V8's Date.parse reads it after values.ts's ISO_DATE check:
-- any day 1-31 rolls over into the next month (2021-02-30 is March 2), hour 24 only as
-- 24:00[:00[.000...]], year 0000 is 1 BC, the fraction is truncated to ms. Computed from the
-- civil date (H. Hinnant's days_from_civil) rather than by timestamptz, which rejects
-- 2021-02-30 and year 0000.
CREATE OR REPLACE FUNCTION store_iso_date_ms(iso text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  part text[] := regexp_match(iso,
    '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?(?:Z|([+-])([0-9]{2}):([0-9]{2}))$');
  year bigint;
  month int;
  day int;
  hour int;
  minute int;
  second int;
  millisecond int;
  offset_minutes int := 0;
  era bigint;
  year_of_era bigint;
  day_of_year bigint;
BEGIN
  IF part IS NULL THEN
    RETURN NULL;
  END IF;
  year := part[1]::int;
  month := part[2]::int;
  day := part[3]::int;
  hour := part[4]::int;
  minute := part[5]::int;
  second := coalesce(part[6]::int, 0);
  millisecond := coalesce(rpad(left(part[7], 3), 3, '0')::int, 0);
  IF month NOT BETWEEN 1 AND 12 OR day NOT BETWEEN 1 AND 31 OR hour > 24 OR minute > 59
     OR second > 59 THEN
    RETURN NULL;
  END IF;
  IF hour = 24 AND (minute > 0 OR second > 0 OR coalesce(part[7], '') ~ '[1-9]') THEN
    RETURN NULL;
  END IF;
  IF part[8] IS NOT NULL THEN
    IF part[9]::int > 23 OR part[10]::int > 59 THEN
      RETURN NULL;
    END IF;
    offset_minutes := (part[9]::int * 60 + part[10]::int) * (CASE part[8] WHEN '-' THEN -1 ELSE 1 END);
  END IF;
  -- Years start in March, so that February's length does not matter.
  IF month <= 2 THEN
    year := year - 1;
  END IF;
  -- Integer division truncates toward zero: shift negative years to floor.
  era := (CASE WHEN year >= 0 THEN year ELSE year - 399 END) / 400;
  year_of_era := year - era * 400;
  day_of_year := (153 * (CASE WHEN month > 2 THEN month - 3 ELSE month + 9 END) + 2) / 5 + day - 1;
  RETURN ((era * 146097 + year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year
           - 719468) * 86400000)
    + hour * 3600000 + minute * 60000 + second * 1000 + millisecond - offset_minutes * 60000;
END
$fn$;

-- Epoch ms when the value is a {"$date": iso} object (values.ts dateOf), else NULL.
CREATE OR REPLACE FUNCTION store_date_ms(value jsonb) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE WHEN jsonb_typeof(value) = 'object' AND jsonb_typeof(value -> '$date') = 'string'
    THEN store_iso_date_ms(value ->> '$date') END
$fn$;

-- JavaScript's toLowerCase: full Unicode case mapping (final sigma, İ to i̇), which ICU's root
-- locale gives. Without ICU, lower() maps one character to one and can differ on those.
DO $do$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN
    CREATE OR REPLACE FUNCTION store_unicode_lower(text_value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN lower(text_value COLLATE "und-x-icu");
  ELSE
    CREATE OR REPLACE FUNCTION store_unicode_lower(text_value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN lower(text_value);
  END IF;
END
$do$;

-- The `$matches` operator (query/matches-spec.ts): `subject` is exactly the concatenation of the
-- spec's parts, `[{"type": "literal" | "anyOf", "value": text}, ...]`. Positions count code
-- points, which for well-formed text agrees with JavaScript's code units.
CREATE OR REPLACE FUNCTION store_matches(subject text, ignore_case boolean, spec jsonb)
RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  folded text := CASE WHEN ignore_case THEN store_unicode_lower(subject) ELSE subject END;
  position_at int := 1;
  part jsonb;
  part_value text;
  next_char text;
BEGIN
  FOR part IN SELECT element FROM jsonb_array_elements(spec) AS spec_part(element) LOOP
    part_value := part ->> 'value';
    IF ignore_case THEN
      part_value := store_unicode_lower(part_value);
    END IF;
    IF part ->> 'type' = 'literal' THEN
      IF substr(folded, position_at, length(part_value)) <> part_value THEN
        RETURN false;
      END IF;
      position_at := position_at + length(part_value);
    ELSE
      next_char := substr(folded, position_at, 1);
      IF next_char = '' OR strpos(part_value, next_char) = 0 THEN
        RETURN false;
      END IF;
      position_at := position_at + 1;
    END IF;
  END LOOP;
  RETURN position_at = length(folded) + 1;
END
$fn$;

-- A signed 64-bit integer as 8 bytes that compare (as bytea) in the integer's order.
CREATE OR REPLACE FUNCTION store_int64_key(value bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN int8send(value # '-9223372036854775808'::bigint);

-- A double as 8 bytes in numeric order: its IEEE bits, negative ones mirrored. Stored numbers
-- come from JavaScript doubles, so the cast to float8 is exact.
CREATE OR REPLACE FUNCTION store_double_key(value float8) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT store_int64_key(bits # ((bits >> 63) & 9223372036854775807))
  FROM (SELECT ('x' || encode(float8send(value), 'hex'))::bit(64)::bigint) AS ieee(bits)
$fn$;

-- A date's key: rank 4, then its epoch ms.
CREATE OR REPLACE FUNCTION store_date_key(epoch_ms bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN '\x04'::bytea || store_int64_key(epoch_ms);

-- The sort order of values.ts compareValues as bytes: a rank byte (0 missing or null, 1 boolean,
-- 2 number, 3 string, 4 date, 5 anything else) then the value in its kind's order (strings as
-- UTF-8, whose byte order is code-point order). Equal keys are equal values, and keys of one
-- kind lie between the bare rank bytes, so ranges and equality are key ranges too.
CREATE OR REPLACE FUNCTION store_sort_key(value jsonb) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE jsonb_typeof(value)
    WHEN 'boolean' THEN CASE WHEN value = 'true'::jsonb THEN '\x0101'::bytea ELSE '\x0100'::bytea END
    WHEN 'number' THEN '\x02'::bytea || store_double_key(value::float8)
    WHEN 'string' THEN '\x03'::bytea || convert_to(value #>> '{}', 'UTF8')
    WHEN 'object' THEN coalesce(store_date_key(store_date_ms(value)), '\x05'::bytea)
    WHEN 'array' THEN '\x05'::bytea
    ELSE '\x00'::bytea
  END
$fn$;

-- What a declared field's expression index holds: the sort key cut to 1024 bytes, since a btree
-- entry must fit in a third of a page. Cutting keeps the order (a <= b gives cut(a) <= cut(b)),
-- so the index narrows with inclusive bounds and the exact condition decides.
CREATE OR REPLACE FUNCTION store_index_key(value jsonb) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN substring(store_sort_key(value) FROM 1 FOR 1024);
