// Rows of a prepared select whose selection is flat (one key per column, no nested objects), mapped by a
// function worked out once per statement instead of Drizzle's general mapper, which for every cell of every row
// tells columns from SQL expressions by walking their class chains and walks a path of keys. The values are
// decoded by the same decoders (each column's own `mapFromDriverValue`), so the rows are equal.
//
// Both drivers' prepared queries (node-postgres and PGlite) keep their selection as `fields` and take a
// `customResultMapper` over the rows as arrays; a prepared query without them (another driver, another Drizzle
// version) is left as it is.
//
// With `momentsAsIso`, the moments of timestamp columns come out as ISO strings (UTC, milliseconds: what
// `Date#toISOString` gives) instead of Dates: the API answers them as such, and a page of records would otherwise
// parse every moment into a Date only to print it again.

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
type Field = { path: string[]; field: unknown };
type Prepared = {
  fields?: Field[];
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** The decoder Drizzle would use for a selected column or SQL expression, or null when it is neither. */
function decoderOf(field: unknown): Decoder | null {
  const f = field as { mapFromDriverValue?: unknown; decoder?: Decoder; sql?: { decoder?: Decoder } };
  // a column decodes its own values
  if (typeof f.mapFromDriverValue === 'function') return f as Decoder;
  // an SQL expression (`sql\`…\``), or an aliased one (`sql\`…\`.as(…)`), carries its decoder
  if (f.decoder && typeof f.decoder.mapFromDriverValue === 'function') return f.decoder;
  if (f.sql?.decoder && typeof f.sql.decoder.mapFromDriverValue === 'function') return f.sql.decoder;
  return null;
}

/** PostgreSQL's text of a moment in UTC (`2026-12-07 18:01:31.993456+00`; a timestamp without time zone has no
 * offset): the date, the time and the fraction of a second. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(\+00)?$/;

/** The ISO string of a moment as the driver gives it: PostgreSQL's text in UTC turned into ISO by its parts,
 * anything else (another offset, a driver that gives Dates) through the column's own decoder. */
export function isoMoment(value: unknown, withTimezone: boolean, decoder: Decoder): string {
  if (typeof value === 'string') {
    const m = UTC_TEXT.exec(value);
    if (m && Boolean(m[4]) === withTimezone)
      return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return (decoder.mapFromDriverValue(value) as Date).toISOString();
}

/** A decoder that gives a timestamp column's moments as ISO strings, or null for any other column. */
function isoDecoder(field: unknown): Decoder | null {
  const column = field as { columnType?: string; withTimezone?: boolean } & Decoder;
  if (column.columnType !== 'PgTimestamp') return null;
  const withTimezone = Boolean(column.withTimezone);
  return { mapFromDriverValue: (value) => isoMoment(value, withTimezone, column) };
}

/**
 * Gives a prepared select with a flat selection its own row mapper; returns the same query. A selection with
 * nested keys (joined tables selected whole) keeps Drizzle's mapper.
 */
export function withFlatRows<T>(prepared: T, options: { momentsAsIso?: boolean } = {}): T {
  const p = prepared as Prepared;
  const fields = p.fields;
  if (!Array.isArray(fields) || !('customResultMapper' in p) || p.customResultMapper) return prepared;
  const keys: string[] = [];
  const decoders: Decoder[] = [];
  for (const { path, field } of fields) {
    const decoder = decoderOf(field);
    if (path.length !== 1 || !decoder) return prepared;
    keys.push(path[0]!);
    decoders.push((options.momentsAsIso && isoDecoder(field)) || decoder);
  }
  const width = keys.length;
  p.customResultMapper = (rows) => {
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const record: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const value = row[i];
        record[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      out[r] = record;
    }
    return out;
  };
  return prepared;
}
