import { parseError } from '../errors';
import type {
  EmbedPath,
  Field,
  Filter,
  FtsOperator,
  IsValue,
  Operation,
  QuantOperator,
  SimpleOperator,
} from '../request-types';
import { Scanner } from './scanner';

/**
 * Horizontal filters as PostgREST parses them (`pOpExpr`): `[not.]op.value` where op is `in`, `is`,
 * `isdistinct`, a full-text operator with an optional language (`fts(english)`), a simple operator
 * (`neq`, `cs`, `cd`, `ov`, `sl`, `sr`, `nxr`, `nxl`, `adj`) or a quantifiable one (`eq`, `gt`, `gte`, `lt`,
 * `lte`, `like`, `ilike`, `match`, `imatch`, each also as `op(any)` / `op(all)`).
 */

const SIMPLE = new Set<string>(['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']);
const QUANT = new Set<string>(['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];

/** A value inside `or=(…)`: quoted, a `{…}` array literal, or up to the next `,` or `)`. */
function logicValue(s: Scanner): string {
  if (s.peek() === '"') {
    const start = s.pos;
    const value = s.quoted();
    if (s.done || s.peek() === ',' || s.peek() === ')') return value;
    s.pos = start;
  }
  if (s.peek() === '{') {
    const close = s.input.indexOf('}', s.pos);
    if (close >= 0 && !s.input.slice(s.pos + 1, close).includes('{')) {
      const value = s.input.slice(s.pos, close + 1);
      s.pos = close + 1;
      return value;
    }
  }
  const start = s.pos;
  while (!s.done && s.peek() !== ',' && s.peek() !== ')') s.pos++;
  return s.input.slice(start, s.pos);
}

/** A single value: the rest of the parameter, or (inside a logic tree) up to `,` / `)`. */
function singleValue(s: Scanner, inLogic: boolean): string {
  if (inLogic) return logicValue(s);
  const value = s.input.slice(s.pos);
  s.pos = s.input.length;
  return value;
}

/** An `in` list: `(a,"b,c",d)` with `\` escapes inside quotes; `()` is the empty list. */
function listValue(s: Scanner): string[] {
  s.skipSpaces();
  s.expect('(');
  s.skipSpaces();
  const values: string[] = [];
  for (;;) {
    if (s.peek() === '"') {
      const start = s.pos;
      const value = s.quoted();
      if (s.peek() !== ',' && s.peek() !== ')') throw s.fail('"," or ")"', s.done ? s.pos : start);
      values.push(value);
    } else {
      const start = s.pos;
      while (!s.done && s.peek() !== ',' && s.peek() !== ')') s.pos++;
      values.push(s.input.slice(start, s.pos));
    }
    if (s.accept(',')) continue;
    s.expect(')', '"," or ")"');
    s.skipSpaces();
    return values.length === 1 && values[0] === '' ? [] : values;
  }
}

function isValue(s: Scanner, inLogic: boolean): IsValue {
  const start = s.pos;
  const rest = s.input.slice(s.pos, s.pos + 8).toLowerCase();
  // Longest first: `not_null` before `null`.
  const found = [...IS_VALUES].sort((a, b) => b.length - a.length).find((value) => rest.startsWith(value));
  if (!found) throw s.fail('isVal: (null, not_null, true, false, unknown)', start);
  s.pos += found.length;
  if (!inLogic) s.pos = s.input.length; // PostgREST ignores what follows at the top level
  return found;
}

function operation(s: Scanner, inLogic: boolean): Operation {
  const start = s.pos;
  let word = '';
  while (!s.done && /[a-z_]/.test(s.peek())) word += s.input.charAt(s.pos++);
  if (word === 'in' && s.accept('.')) return { kind: 'in', values: listValue(s) };
  if (word === 'is' && s.accept('.')) return { kind: 'is', value: isValue(s, inLogic) };
  if (word === 'isdistinct' && s.accept('.')) return { kind: 'isdistinct', value: singleValue(s, inLogic) };
  if (FTS.has(word)) {
    let language: string | undefined;
    if (s.accept('(')) {
      language = s.identifier() ?? undefined;
      if (language === undefined) throw s.fail('letter or digit');
      s.expect(')');
    }
    s.expect('.', 'delimiter (.)');
    const value = singleValue(s, inLogic);
    return language === undefined
      ? { kind: 'fts', operator: word as FtsOperator, value }
      : { kind: 'fts', operator: word as FtsOperator, language, value };
  }
  if (SIMPLE.has(word) && s.accept('.')) {
    return { kind: 'simple', operator: word as SimpleOperator, value: singleValue(s, inLogic) };
  }
  if (QUANT.has(word)) {
    let quantifier: 'any' | 'all' | undefined;
    if (s.accept('(any)')) quantifier = 'any';
    else if (s.accept('(all)')) quantifier = 'all';
    s.expect('.', 'delimiter (.)');
    const value = singleValue(s, inLogic);
    return quantifier
      ? { kind: 'quant', operator: word as QuantOperator, quantifier, value }
      : { kind: 'quant', operator: word as QuantOperator, value };
  }
  if (word && s.peek() === '.') {
    throw parseError(s.what, s.shown, start + 1, `unknown single value operator ${word}`);
  }
  throw s.fail('"not" or operator (eq, gt, ...)', start);
}

/** `[not.]operation` after the column. */
export function opExpression(s: Scanner, inLogic: boolean): { negated: boolean; operation: Operation } {
  const negated = s.accept('not.');
  return { negated, operation: operation(s, inLogic) };
}

/** A filter's key: `col`, `col->a->>b`, `rel.col`, `rel.sub.col->x` (PostgREST `pTreePath`). */
export function parseTreePath(key: string): { path: EmbedPath; field: Field } {
  const s = new Scanner(key, 'tree path');
  const names = [s.fieldName()];
  while (s.accept('.')) names.push(s.fieldName());
  const jsonPath = s.jsonPath();
  if (!s.done) throw s.fail('"->", "." or end of input');
  return { path: names.slice(0, -1), field: { name: names.at(-1)!, jsonPath } };
}

/** One `key=value` filter parameter. */
export function parseFilterParam(key: string, value: string): { path: EmbedPath; filter: Filter } {
  const { path, field } = parseTreePath(key);
  const s = new Scanner(value, 'filter');
  const { negated, operation } = opExpression(s, false);
  return { path, filter: { kind: 'filter', field, negated, operation } };
}

/** Whether a GET /rpc parameter value is a filter (has an operator) rather than a function argument. */
export function isFilterValue(value: string): boolean {
  try {
    opExpression(new Scanner(value, 'filter'), false);
    return true;
  } catch {
    return false;
  }
}
