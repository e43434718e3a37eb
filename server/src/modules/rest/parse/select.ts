import { RestError } from '../errors';
import type { AggregateFunction, JoinType, SelectField, SelectNode, SelectRelation } from '../request-types';
import { Scanner } from './scanner';

/**
 * `select=` as PostgREST parses it (`pFieldForest`): columns with renames (`alias:col`), JSON paths
 * (`data->a->>b`), casts (`col::text`), aggregates (`col.sum()`, `count()`, `col.avg()::int`), embedded
 * resources (`alias:rel!hint!inner(…)`) and spreads (`...rel(…)`), nested.
 */

/** Embedding levels accepted; deeper input is refused before it can exhaust any stack. */
export const MAX_EMBED_DEPTH = 16;
/**
 * Items in one select (columns and relations, all levels): a bound for the parser, above PostgreSQL's own limit of
 * 1,664 columns, so a select PostgreSQL cannot run gets its answer (413 54011, as PostgREST 12 gives it).
 */
export const MAX_SELECT_ITEMS = 4000;

const AGGREGATES: AggregateFunction[] = ['sum', 'avg', 'count', 'max', 'min'];

interface State {
  items: number;
}

function tooMany(s: Scanner, details: string): RestError {
  return new RestError(400, {
    code: 'PGRST100',
    message: `"failed to parse ${s.what} (${s.input})" (line 1, column ${s.pos + 1})`,
    details,
  });
}

/** Whether a field name may start here (a quote or an identifier character); checked to avoid throwing. */
function atName(s: Scanner): boolean {
  return s.peek() === '"' || /^[\p{L}\p{N}_$ ]$/u.test(s.peek());
}

/** `alias:` before a name (a `:` not followed by another `:`), or nothing. */
function alias(s: Scanner): string | undefined {
  const start = s.pos;
  if (!atName(s)) return undefined;
  try {
    const name = s.fieldName();
    if (s.peek() === ':' && s.peek(1) !== ':') {
      s.pos++;
      return name;
    }
  } catch {
    // not an alias
  }
  s.pos = start;
  return undefined;
}

/** Up to two `!hint` / `!inner` / `!left`. */
function embedParams(s: Scanner): { hint?: string; joinType?: JoinType } {
  const result: { hint?: string; joinType?: JoinType } = {};
  for (let i = 0; i < 2 && s.peek() === '!'; i++) {
    s.pos++;
    const value = s.fieldName();
    if (value === 'inner' || value === 'left') result.joinType ??= value;
    else result.hint ??= value;
  }
  return result;
}

function fieldEnd(s: Scanner): void {
  s.skipSpaces();
  if (!s.done && s.peek() !== ',' && s.peek() !== ')') throw s.fail('"->", "::", ".", ")", "," or end of input');
}

function field(s: Scanner): SelectField {
  if (s.peek() === '*') {
    s.pos++;
    s.skipSpaces();
    if (!s.done && s.peek() !== ',' && s.peek() !== ')') throw s.fail('")", "," or end of input');
    return { kind: 'field', field: { name: '*', jsonPath: [] } };
  }
  const name = alias(s);
  if (s.accept('count()')) {
    const aggregateCast = s.cast();
    fieldEnd(s);
    return withOptional({ kind: 'field', field: { name: '*', jsonPath: [] }, aggregate: 'count' }, name, undefined, aggregateCast);
  }
  const result: SelectField = { kind: 'field', field: s.field() };
  const cast = s.cast();
  let aggregate: AggregateFunction | undefined;
  if (s.peek() === '.') {
    s.pos++;
    aggregate = AGGREGATES.find((candidate) => s.startsWith(`${candidate}()`));
    if (!aggregate) throw s.fail('aggregate function (sum(), avg(), count(), max(), min())');
    s.pos += aggregate.length + 2;
  }
  const aggregateCast = aggregate ? s.cast() : undefined;
  fieldEnd(s);
  if (aggregate) result.aggregate = aggregate;
  return withOptional(result, name, cast, aggregateCast);
}

function withOptional(item: SelectField, name?: string, cast?: string, aggregateCast?: string): SelectField {
  if (name !== undefined) item.alias = name;
  if (cast !== undefined) item.cast = cast;
  if (aggregateCast !== undefined) item.aggregateCast = aggregateCast;
  return item;
}

function children(s: Scanner, depth: number, state: State): SelectNode[] {
  if (depth > MAX_EMBED_DEPTH) {
    throw tooMany(s, `embedded resources may be nested at most ${MAX_EMBED_DEPTH} levels deep`);
  }
  s.expect('(');
  const nodes = forest(s, depth, state);
  s.expect(')', '"," or ")"');
  return nodes;
}

function relation(s: Scanner, depth: number, state: State): SelectRelation | null {
  const start = s.pos;
  if (s.accept('...')) {
    const name = s.fieldName();
    const params = embedParams(s);
    if (s.peek() !== '(') throw s.fail('"!" or "("');
    return { kind: 'relation', name, spread: true, ...params, children: children(s, depth + 1, state) };
  }
  if (!atName(s)) return null;
  const name = alias(s);
  let header: { target: string; params: ReturnType<typeof embedParams> } | null = null;
  try {
    const target = s.fieldName();
    const params = embedParams(s);
    if (target !== 'count' && s.peek() === '(') header = { target, params };
  } catch {
    // not a relation: parsed again as a field, which reports the error
  }
  if (!header) {
    s.pos = start;
    return null;
  }
  const node: SelectRelation = { kind: 'relation', name: header.target, spread: false, ...header.params, children: [] };
  if (name !== undefined) node.alias = name;
  node.children = children(s, depth + 1, state);
  return node;
}

function forest(s: Scanner, depth: number, state: State): SelectNode[] {
  const nodes: SelectNode[] = [];
  s.skipSpaces();
  if (s.done || s.peek() === ')') return nodes;
  for (;;) {
    if (++state.items > MAX_SELECT_ITEMS) throw tooMany(s, `a select may name at most ${MAX_SELECT_ITEMS} columns and resources`);
    s.skipSpaces();
    nodes.push(relation(s, depth, state) ?? field(s));
    s.skipSpaces();
    if (s.peek() !== ',') return nodes;
    s.pos++;
  }
}

export function parseSelect(value: string): SelectNode[] {
  const s = new Scanner(value, 'select parameter');
  const nodes = forest(s, 0, { items: 0 });
  s.skipSpaces();
  if (!s.done) throw s.fail('"," or end of input');
  return nodes;
}
