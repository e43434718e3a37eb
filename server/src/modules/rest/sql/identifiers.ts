/** Identifiers and literals of generated SQL. Identifiers come from the catalogue; values are bound parameters. */

/** Text up to its first NUL, as PostgREST trims names and array elements (PostgreSQL text cannot hold NUL). */
function beforeNul(text: string): string {
  const nul = text.indexOf('\0');
  return nul < 0 ? text : text.slice(0, nul);
}

export function quoteIdent(name: string): string {
  return `"${beforeNul(name).replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** A PostgreSQL array literal of text elements (`{"a","b \"c\""}`), passed as one `unknown` parameter. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${beforeNul(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** Collects bound parameters; every value is sent as text typed `unknown` (PostgREST's encoder). */
export class Params {
  readonly values: string[] = [];
  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
