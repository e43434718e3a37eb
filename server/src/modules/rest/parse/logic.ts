import { RestError } from '../errors';
import type { Condition, EmbedPath, LogicTree } from '../request-types';
import { opExpression } from './filter';
import { Scanner } from './scanner';

/**
 * `and=(…)`, `or=(…)`, `not.or=(…)` and their embedded forms (`rel.or=(…)`), as PostgREST's `pLogicTree`:
 * filters and nested trees separated by commas. Depth and the number of filters are bounded so hostile
 * input gets a 400, never a stack overflow.
 */

/** Nested `and`/`or` levels accepted. */
export const MAX_LOGIC_DEPTH = 32;
/** Filters in one request (each becomes at most one bound parameter). */
export const MAX_CONDITIONS = 2000;

/** Counts filters across the whole request. */
export interface Budget {
  conditions: number;
}

export function countCondition(budget: Budget): void {
  budget.conditions++;
  if (budget.conditions > MAX_CONDITIONS) {
    throw new RestError(400, {
      code: 'PGRST100',
      message: `Too many filters: at most ${MAX_CONDITIONS} are accepted in one request`,
    });
  }
}

function tree(s: Scanner, depth: number, budget: Budget): LogicTree {
  if (depth > MAX_LOGIC_DEPTH) {
    throw new RestError(400, {
      code: 'PGRST100',
      message: `"failed to parse ${s.what} (${s.shown})" (line 1, column ${s.pos + 1})`,
      details: `logic trees may be nested at most ${MAX_LOGIC_DEPTH} levels deep`,
    });
  }
  const negated = s.accept('not.');
  let operator: 'and' | 'or';
  if (s.accept('and')) operator = 'and';
  else if (s.accept('or')) operator = 'or';
  else throw s.fail('logic operator (and, or)');
  s.skipSpaces();
  s.expect('(');
  const children: Condition[] = [];
  for (;;) {
    s.skipSpaces();
    if (/^(not\.)?(and|or)\(/.test(s.input.slice(s.pos, s.pos + 8))) {
      children.push(tree(s, depth + 1, budget));
    } else {
      if (s.peek() === ')' || s.peek() === ',' || s.done) {
        throw s.fail('field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)');
      }
      const field = s.field();
      s.expect('.', 'delimiter (.)');
      countCondition(budget);
      children.push({ kind: 'filter', field, ...opExpression(s, true) });
    }
    s.skipSpaces();
    if (s.accept(',')) continue;
    s.expect(')', '"," or ")"');
    return { kind: 'logic', operator, negated, children };
  }
}

/** `key` is `or`, `and`, `not.or`, `rel.and`, `rel.sub.not.or`…; `value` is `(…)`. */
export function parseLogicParam(key: string, value: string, budget: Budget): { path: EmbedPath; tree: LogicTree } {
  const keyScanner = new Scanner(key, 'logic path');
  const names = [keyScanner.fieldName()];
  while (keyScanner.accept('.')) names.push(keyScanner.fieldName());
  const operator = names.at(-1)!;
  const negated = names.slice(0, -1).includes('not');
  const path = names.slice(0, -1).filter((name) => name !== 'not');
  const s = new Scanner(`${negated ? 'not.' : ''}${operator}${value}`, 'logic tree', value);
  const result = tree(s, 1, budget);
  s.skipSpaces();
  if (!s.done) throw s.fail('end of input');
  return { path, tree: result };
}
