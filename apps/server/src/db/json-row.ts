// Rows that a statement returns as JSON (`row_to_json`, `json_agg`), turned back into the typed rows Drizzle would
// have given: keys from column names to property names, values through each column's own decoder (timestamps
// become Dates, bigints numbers, arrays and jsonb stay as they are). Lets one statement return several tables'
// rows (a read made of sub-selects) without a second, hand-written mapping that could drift from the schema.
import { getTableColumns, sql, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}

/** `rowFromJson` for a value that may be null (a sub-select that found nothing). */
export function maybeRowFromJson<T extends Table>(table: T, json: unknown): InferSelectModel<T> | undefined {
  return json && typeof json === 'object' ? rowFromJson(table, json as Record<string, unknown>) : undefined;
}

/** A json column's value: node-postgres parses it, PGlite may hand it over as text. */
export function jsonColumn(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * The table's columns in the schema, but `except`, as a select list of `alias.column`: a JSON row built from it carries
 * every column `rowFromJson` reads and nothing more. Columns kept only in SQL (the words kept for search and recall,
 * `content_words`, `search_vector`) are not converted first and dropped after, as `to_jsonb(row) - 'search_vector'`
 * did: a kilobyte-long search index turned into JSON for each row.
 */
export function columnList<T extends Table>(table: T, alias: string, except: readonly (keyof T['_']['columns'])[] = []): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !except.includes(key as keyof T['_']['columns']));
  return sql.raw(columns.map(([, c]) => `"${alias}"."${c.name}"`).join(', '));
}

/**
 * `columnList` with each column named as its property (`alias.column as "property"`): JSON built from it already has
 * the row's keys in the schema's order, and `rowFromKeyedJson` only decodes its values in place. JSON.parse builds such
 * an object in V8's fast mode whatever its size, where copying 40 fields into a new object (`rowFromJson`) made a
 * 1.6 KB dictionary of a character that a streaming reply keeps to its end (docs/performance.md).
 */
export function keyedColumnList<T extends Table>(table: T, alias: string, except: readonly (keyof T['_']['columns'])[] = []): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !except.includes(key as keyof T['_']['columns']));
  return sql.raw(columns.map(([key, c]) => `"${alias}"."${c.name}" as "${key}"`).join(', '));
}

/** A row read as JSON from `keyedColumnList`, its values decoded in place (timestamps to Dates, as Drizzle would). */
export function rowFromKeyedJson<T extends Table, K extends keyof T['_']['columns'] = never>(
  table: T,
  json: Record<string, unknown>,
  except: readonly K[] = [],
): Omit<InferSelectModel<T>, K> {
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (except.includes(key as K)) continue;
    const value = json[key];
    json[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return json as Omit<InferSelectModel<T>, K>;
}
