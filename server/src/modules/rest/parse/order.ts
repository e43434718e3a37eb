import type { OrderTerm } from '../request-types';
import { Scanner } from './scanner';

/**
 * `order=` as PostgREST parses it (`pOrder`): `col`, `col->key`, `col.desc`, `col.asc.nullslast`, and
 * `rel(col).desc` for a column of an embedded to-one resource.
 */

function direction(s: Scanner, term: OrderTerm): void {
  if (s.peek() !== '.') return;
  const at = s.pos + 1;
  s.pos++;
  if (s.accept('asc')) term.direction = 'asc';
  else if (s.accept('desc')) term.direction = 'desc';
  else if (s.accept('nullsfirst')) term.nulls = 'nullsfirst';
  else if (s.accept('nullslast')) term.nulls = 'nullslast';
  else throw s.fail('"asc", "desc", "nullsfirst" or "nullslast"', at);
  if (term.direction && s.peek() === '.') {
    s.pos++;
    if (s.accept('nullsfirst')) term.nulls = 'nullsfirst';
    else if (s.accept('nullslast')) term.nulls = 'nullslast';
    else throw s.fail('"nullsfirst" or "nullslast"');
  }
}

function term(s: Scanner): OrderTerm {
  s.skipSpaces();
  const start = s.pos;
  const name = s.fieldName();
  let result: OrderTerm;
  if (s.peek() === '(') {
    s.pos++;
    result = { relation: name, field: s.field() };
    s.expect(')');
  } else {
    s.pos = start;
    result = { field: s.field() };
  }
  direction(s, result);
  s.skipSpaces();
  if (!s.done && s.peek() !== ',') throw s.fail(result.direction || result.nulls ? '"," or end of input' : 'delimiter (.), "," or end of input');
  return result;
}

export function parseOrder(value: string): OrderTerm[] {
  const s = new Scanner(value, 'order');
  const terms = [term(s)];
  while (s.accept(',')) terms.push(term(s));
  return terms;
}
