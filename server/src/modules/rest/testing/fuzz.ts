/**
 * Random requests over PostgREST's grammar for the fuzz tests (unit: parse + build; integration: the real
 * server): select trees with embedded resources, hints, spreads, renames, JSON paths and casts; filters on
 * columns, JSON paths and embedded resources; orders; ranges — mixing names of the film database with hostile
 * text. Deterministic for a seed.
 */

/** mulberry32, a small seeded generator (the HTTP fuzz of tests/support/fuzz-requests.ts draws from it too). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const HOSTILE = [
  `'; drop table films; --`,
  `" or 1=1 --`,
  '\u0000',
  '$1',
  '$$; select 1; $$',
  '日本語 🎉',
  '\\',
  ')',
  '(',
  ',',
  ':',
  '::',
  '->',
  '!',
  '.',
  '...',
  '"',
  "'",
  '*',
  '%',
  '{}',
  ' ',
  '',
];

/** Each table's columns and the resources it can embed (the film database of the unit fixture and of the integration test). */
const SCHEMA: Record<string, { columns: string[]; relations: string[] }> = {
  films: { columns: ['id', 'title', 'year', 'director_id', 'title_upper'], relations: ['directors', 'technical_specs', 'roles', 'actors'] },
  directors: { columns: ['id', 'name'], relations: ['films', 'first_film'] },
  actors: { columns: ['id', 'name'], relations: ['roles', 'films'] },
  roles: { columns: ['film_id', 'actor_id', 'character'], relations: ['films', 'actors'] },
  technical_specs: { columns: ['film_id', 'camera'], relations: ['films'] },
  first_film: { columns: ['id', 'title', 'year'], relations: ['directors'] },
};
const COLUMNS = ['id', 'title', 'year', 'director_id', 'name', 'camera', 'character', 'count', 'nope'];
const RELATIONS = ['directors', 'films', 'actors', 'roles', 'technical_specs', 'nope', 'films_director_id_fkey', 'director_id'];
const HINTS = ['films_director_id_fkey', 'roles', 'director_id', 'id', 'inner', 'left', 'nope'];
const CASTS = ['text', 'int', 'INTEGER', 'numeric', 'jsonb', 'double precision', 'nope', 'int4 ', 'text);'];
const OPERATORS = ['eq', 'neq', 'gt', 'lt', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'adj', 'fts', 'plfts(english)', 'eq(any)', 'like(all)', 'not.eq', 'nope'];
const TABLES = ['films', 'directors', 'actors', 'roles', 'technical_specs'];

export function fuzzRequest(next: () => number): { path: string; query: string } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const quoted = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  const name = (pool: readonly string[]) => {
    if (chance(0.06)) return chance(0.5) ? quoted(pick(HOSTILE)) : pick(HOSTILE);
    if (chance(0.05)) return pick(COLUMNS);
    const value = pick(pool);
    return chance(0.1) ? quoted(value) : value;
  };
  const jsonPath = () => {
    let path = '';
    const steps = chance(0.15) ? 1 + Math.floor(next() * 3) : 0;
    for (let i = 0; i < steps; i++) {
      path += chance(0.5) ? '->' : '->>';
      path += chance(0.3) ? String(Math.floor(next() * 5) - 1) : chance(0.2) ? quoted(pick(HOSTILE)) : pick(['a', 'b', 'list', 'k-1']);
    }
    return path;
  };
  const cast = () => (chance(0.1) ? `::${pick(CASTS)}` : '');
  const alias = () => (chance(0.15) ? `${name(['x', 'renamed', 'a b'])}:` : '');
  const selectItems = (table: string, depth: number): string => {
    const items: string[] = [];
    const count = 1 + Math.floor(next() * 3);
    const { columns, relations } = SCHEMA[table] ?? SCHEMA.films!;
    for (let i = 0; i < count; i++) {
      if (depth < 3 && chance(0.3)) {
        const spread = chance(0.1) ? '...' : '';
        const hints = chance(0.15) ? `!${pick(HINTS)}` : '';
        const relation = chance(0.1) ? name(RELATIONS) : pick(relations);
        items.push(`${spread ? '' : alias()}${spread}${relation}${hints}(${chance(0.1) ? '' : selectItems(relation, depth + 1)})`);
      } else if (chance(0.1)) {
        items.push('*');
      } else {
        const aggregate = chance(0.05) ? `.${pick(['sum', 'count', 'avg', 'max'])}()` : '';
        items.push(`${alias()}${name(columns)}${jsonPath()}${cast()}${aggregate}`);
      }
    }
    if (chance(0.03)) items.push(pick(HOSTILE));
    return items.join(',');
  };
  const table = pick(TABLES);
  const params = new URLSearchParams();
  if (chance(0.9)) params.append('select', selectItems(table, 0));
  const filters = Math.floor(next() * 3);
  for (let i = 0; i < filters; i++) {
    const prefix = chance(0.25) ? `${pick(RELATIONS)}.` : '';
    const operator = pick(OPERATORS);
    const value = operator === 'in' ? `(${pick(HOSTILE)},1)` : operator === 'is' ? pick(['null', 'true', 'x']) : chance(0.5) ? pick(HOSTILE) : '1';
    params.append(`${prefix}${name(SCHEMA[table]!.columns)}${jsonPath()}`, `${operator}.${value}`);
  }
  if (chance(0.2)) params.append('or', `(${name(COLUMNS)}.eq.${pick(HOSTILE)},${name(COLUMNS)}${jsonPath()}.is.null)`);
  if (chance(0.3)) {
    const related = chance(0.2) ? `${pick(RELATIONS)}(${name(COLUMNS)})` : `${name(COLUMNS)}${jsonPath()}`;
    params.append(chance(0.2) ? `${pick(RELATIONS)}.order` : 'order', `${related}${pick(['', '.asc', '.desc.nullslast', '.x'])}`);
  }
  if (chance(0.2)) params.append(`${chance(0.5) ? `${pick(RELATIONS)}.` : ''}limit`, pick(['0', '1', '5', '-1', 'x']));
  return { path: `/${table}`, query: params.toString() };
}

/** The words generated SQL may contain outside quoted identifiers, string literals and parameters. */
export const SQL_WORDS = new Set([
  'ALL', 'AND', 'ANY', 'AS', 'ASC', 'BY', 'CAST', 'COALESCE', 'DESC', 'DISTINCT', 'E', 'EXISTS', 'EXPLAIN', 'FALSE', 'FIRST',
  'FORMAT', 'FROM', 'GROUP', 'ILIKE', 'INNER', 'IS', 'JOIN', 'JSON', 'LAST', 'LATERAL', 'LEFT', 'LIKE', 'LIMIT', 'NOT', 'NULL',
  'NULLS', 'OFFSET', 'ON', 'OR', 'ORDER', 'SELECT', 'TRUE', 'UNKNOWN', 'WHERE', 'WITH', 'ALL', 'int', 'json', 'jsonb', 'text',
  'pg_catalog', 'pgrst_source', '_postgrest_t', 'pgrst_count', 'pgrst_call', 'pgrst_scalar', 'pgrst_found', 'total', 'page_total', 'body', 'inserted',
  'count', 'sum', 'avg', 'min', 'max', 'json_agg', 'json_strip_nulls', 'row_to_json', 'to_jsonb', 'to_tsvector', 'to_tsquery',
  'plainto_tsquery', 'phraseto_tsquery', 'websearch_to_tsquery', 'string_agg', 'substring', 'length', 'json_object_keys', 'k', 'r',
  'hh', 's', 'a', 'null', 'nullif', 'current_setting', 'coalesce', 'true', 'response_headers', 'response_status',
]);

/**
 * Checks that a statement was not built from input: outside quoted identifiers ("…", quotes doubled) and
 * parameters ($n) only SQL_WORDS, numbers and punctuation remain, and string literals are the builder's own.
 */
export function unknownSqlWords(text: string): string[] {
  const literals = new Set([`'[]'`, `'null'`, `'{}'`, `''`, `'pgrst.inserted'`, `'response.headers'`, `'response.status'`, `','`, `E'\\n'`]);
  const outside = text
    .replace(/"(?:[^"]|"")*"/g, ' ')
    .replace(/E?'(?:[^']|'')*'/g, (literal) => (literals.has(literal) ? ' ' : ' UNEXPECTED_LITERAL '))
    .replace(/\$\d+/g, ' ');
  return outside
    .split(/[\s(),.*=<>!~&|@\-:+%/[\]{};]+/)
    .filter((word) => word !== '' && !/^\d+$/.test(word) && !SQL_WORDS.has(word));
}
