import {
  invalidSchema,
  notAcceptable,
  parseError,
  rangeNotSatisfiable,
  RestError,
  unsupported,
  unsupportedMethod,
} from './errors';

/**
 * PostgREST's URL grammar, the part supabase-js emits (contract §3.1), as a pure function:
 * method + path + query string + headers → an `ApiRequest`. Anything else is refused with PGRST100.
 * Names are not checked here (the SQL builder checks them against the schema catalogue).
 */

export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'cs' | 'cd' | 'ov';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Filter =
  | { kind: 'op'; column: string; negated: boolean; operator: FilterOperator; value: string }
  | { kind: 'in'; column: string; negated: boolean; values: string[] }
  | { kind: 'is'; column: string; negated: boolean; value: IsValue };

export interface LogicTree {
  kind: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export type SelectItem = { kind: 'star' } | { kind: 'column'; column: string; alias?: string };

export interface OrderTerm {
  column: string;
  direction?: 'asc' | 'desc';
  nulls?: 'nullsfirst' | 'nullslast';
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
}

export type Target = { kind: 'root' } | { kind: 'table'; name: string } | { kind: 'function'; name: string };

export type Action = 'read' | 'insert' | 'update' | 'delete' | 'call';

export interface ApiRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  action: Action;
  target: Target;
  /** `null` when the request has no `select` (PostgREST then returns all columns). */
  select: SelectItem[] | null;
  /** Conditions joined with AND (filters and `and=`/`or=` trees). */
  conditions: Condition[];
  /** GET/HEAD on a function: parameters that are not reserved words, resolved against its arguments later. */
  rpcParams: [string, string][];
  order: OrderTerm[];
  /** Requested offset and limit (`null` = none) from `limit`/`offset` and the `Range` header. */
  range: { offset: number; limit: number | null };
  preferences: Preferences;
  columns: string[] | null;
  onConflict: string[] | null;
  /** `Accept: application/vnd.pgrst.object+json`. */
  singular: boolean;
}

export interface RequestInput {
  method: string;
  /** The path under /rest/v1, e.g. `/content_items` or `/rpc/reset_menu_items`. */
  path: string;
  /** The raw query string without `?`. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Nested `and`/`or` levels accepted; deeper input is refused before it can exhaust any stack. */
export const MAX_LOGIC_DEPTH = 32;
/** Filters in one request (each becomes at most one bound parameter). */
export const MAX_CONDITIONS = 2000;

const SIMPLE_OPERATORS = new Set<FilterOperator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'cs', 'cd', 'ov']);
const UNSUPPORTED_OPERATORS = new Set([
  'sl', 'sr', 'nxl', 'nxr', 'adj', 'match', 'imatch', 'fts', 'plfts', 'phfts', 'wfts', 'isdistinct',
]);
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or', 'not.and', 'not.or', 'apikey']);

function header(headers: RequestInput['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A cursor over one parameter value, producing PostgREST-style parse errors. */
class Scanner {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input.charAt(this.pos + offset);
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  fail(expecting: string, at = this.pos): RestError {
    const found = at >= this.input.length ? 'end of input' : JSON.stringify(this.input.charAt(at));
    return parseError(this.what, this.input, at + 1, `unexpected ${found} expecting ${expecting}`);
  }

  expect(char: string, expecting = JSON.stringify(char)): void {
    if (this.peek() !== char) throw this.fail(expecting);
    this.pos++;
  }

  /** A field name: `"quoted"` (backslash escapes) or identifier characters, trimmed (PostgREST `pFieldName`). */
  fieldName(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done) {
      const char = this.peek();
      if (char === '-') {
        if (this.peek(1) === '>') break;
        this.pos++;
        continue;
      }
      if (!/^[\p{L}\p{N}_$ ]$/u.test(char)) break;
      this.pos++;
    }
    const name = this.input.slice(start, this.pos).trim();
    if (!name) throw this.fail('field name (* or [a..z0..9_$])', start);
    return name;
  }

  quoted(): string {
    const start = this.pos;
    this.pos++; // opening quote
    let value = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\') this.pos++;
      if (this.done) break;
      value += this.peek();
      this.pos++;
    }
    if (this.done) throw this.fail('"\\""', this.input.length);
    this.pos++; // closing quote
    if (start === this.pos - 2 && value === '') return value;
    return value;
  }

  /** Refuses the parts of the field grammar this server does not implement (JSON paths, casts). */
  rejectFieldExtras(): void {
    if (this.startsWith('->')) throw unsupported(`JSON path in ${this.what}`);
    if (this.startsWith('::')) throw unsupported(`Cast in ${this.what}`);
  }
}

function parseSelect(value: string): SelectItem[] {
  if (value.trim() === '') return [];
  const s = new Scanner(value, `select parameter`);
  const items: SelectItem[] = [];
  for (;;) {
    s.skipSpaces();
    if (s.startsWith('...') || s.startsWith('..')) throw unsupported('Spread of an embedded resource in select');
    if (s.peek() === '*') {
      s.pos++;
      items.push({ kind: 'star' });
    } else {
      let column = s.fieldName();
      let alias: string | undefined;
      if (s.peek() === ':' && s.peek(1) !== ':') {
        s.pos++;
        alias = column;
        s.skipSpaces();
        column = s.fieldName();
      }
      if (s.peek() === '(' || s.peek() === '!') throw unsupported('Embedding of related resources or aggregates in select');
      s.rejectFieldExtras();
      items.push(alias === undefined ? { kind: 'column', column } : { kind: 'column', column, alias });
    }
    s.skipSpaces();
    if (s.done) return items;
    s.expect(',', '"," or end of input');
  }
}

function parseNameList(value: string, what: string): string[] {
  const s = new Scanner(value, what);
  const names: string[] = [];
  for (;;) {
    s.skipSpaces();
    names.push(s.fieldName());
    s.rejectFieldExtras();
    s.skipSpaces();
    if (s.done) return names;
    s.expect(',', '"," or end of input');
  }
}

function parseOrder(value: string): OrderTerm[] {
  const s = new Scanner(value, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    s.skipSpaces();
    const column = s.fieldName();
    if (s.peek() === '(') throw unsupported('Ordering by an embedded resource');
    s.rejectFieldExtras();
    const term: OrderTerm = { column };
    if (s.peek() === '.') {
      const at = s.pos;
      s.pos++;
      if (s.startsWith('asc')) {
        term.direction = 'asc';
        s.pos += 3;
      } else if (s.startsWith('desc')) {
        term.direction = 'desc';
        s.pos += 4;
      } else if (s.startsWith('nullsfirst')) {
        term.nulls = 'nullsfirst';
        s.pos += 10;
      } else if (s.startsWith('nullslast')) {
        term.nulls = 'nullslast';
        s.pos += 9;
      } else {
        throw s.fail('"asc", "desc", "nullsfirst" or "nullslast"', at + 1);
      }
      if (term.direction && s.peek() === '.') {
        s.pos++;
        if (s.startsWith('nullsfirst')) {
          term.nulls = 'nullsfirst';
          s.pos += 10;
        } else if (s.startsWith('nullslast')) {
          term.nulls = 'nullslast';
          s.pos += 9;
        } else {
          throw s.fail('"nullsfirst" or "nullslast"');
        }
      }
    }
    terms.push(term);
    s.skipSpaces();
    if (s.done) return terms;
    s.expect(',', 'delimiter (.), "," or end of input');
  }
}

/** An `in` list: `(a,"b,c",d)` with `\` escapes inside quotes. */
function parseList(s: Scanner): string[] {
  s.skipSpaces();
  s.expect('(');
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
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    s.expect(')', '"," or ")"');
    s.skipSpaces();
    return values.length === 1 && values[0] === '' ? [] : values;
  }
}

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
    const inner = close < 0 ? '' : s.input.slice(s.pos + 1, close);
    if (close >= 0 && !inner.includes('{')) {
      const value = s.input.slice(s.pos, close + 1);
      s.pos = close + 1;
      return value;
    }
  }
  const start = s.pos;
  while (!s.done && s.peek() !== ',' && s.peek() !== ')') s.pos++;
  return s.input.slice(start, s.pos);
}

/**
 * `[not.]op.value` after the column. `inLogic`: inside `or=(…)`, where values end at `,` or `)`;
 * at the top level the value is the rest of the parameter.
 */
function parseOperation(s: Scanner, column: string, inLogic: boolean): Filter {
  let negated = false;
  if (s.startsWith('not.')) {
    negated = true;
    s.pos += 4;
  }
  const opStart = s.pos;
  let op = '';
  while (!s.done && /[a-z_]/i.test(s.peek())) {
    op += s.peek();
    s.pos++;
  }
  if (op === 'in' && s.peek() === '.') {
    s.pos++;
    const values = parseList(s);
    if (!inLogic && !s.done) throw s.fail('end of input');
    return { kind: 'in', column, negated, values };
  }
  if (op === 'is' && s.peek() === '.') {
    s.pos++;
    const valueStart = s.pos;
    const end = inLogic ? findLogicEnd(s) : s.input.length;
    const raw = s.input.slice(valueStart, end).toLowerCase();
    if (raw !== 'null' && raw !== 'not_null' && raw !== 'true' && raw !== 'false' && raw !== 'unknown') {
      throw s.fail('null or trilean value (unknown, true, false)', valueStart);
    }
    s.pos = end;
    return { kind: 'is', column, negated, value: raw };
  }
  if (UNSUPPORTED_OPERATORS.has(op) || (op && s.peek() === '(')) {
    throw unsupported(`The operator "${op}${s.peek() === '(' ? '(…)' : ''}"`);
  }
  if (s.peek() !== '.') {
    throw op ? s.fail('delimiter (.)') : s.fail('operator (eq, gt, ...)', opStart);
  }
  if (!SIMPLE_OPERATORS.has(op as FilterOperator)) {
    throw parseError(s.what, s.input, s.pos + 2, `unknown single value operator ${op}`);
  }
  s.pos++;
  let value: string;
  if (inLogic) {
    value = logicValue(s);
  } else {
    value = s.input.slice(s.pos);
    s.pos = s.input.length;
  }
  return { kind: 'op', column, negated, operator: op as FilterOperator, value };
}

function findLogicEnd(s: Scanner): number {
  let end = s.pos;
  while (end < s.input.length && s.input[end] !== ',' && s.input[end] !== ')') end++;
  return end;
}

function parseFilterValue(column: string, value: string): Filter {
  const s = new Scanner(value, 'filter');
  return parseOperation(s, column, false);
}

interface Budget {
  conditions: number;
}

function countCondition(budget: Budget): void {
  budget.conditions++;
  if (budget.conditions > MAX_CONDITIONS) {
    throw new RestError(400, {
      code: 'PGRST100',
      message: `Too many filters: at most ${MAX_CONDITIONS} are accepted in one request`,
    });
  }
}

function parseLogicTree(s: Scanner, depth: number, budget: Budget): LogicTree {
  if (depth > MAX_LOGIC_DEPTH) {
    throw new RestError(400, {
      code: 'PGRST100',
      message: `"failed to parse ${s.what} (${s.input})" (line 1, column ${s.pos + 1})`,
      details: `logic trees may be nested at most ${MAX_LOGIC_DEPTH} levels deep`,
    });
  }
  let negated = false;
  if (s.startsWith('not.')) {
    negated = true;
    s.pos += 4;
  }
  let operator: 'and' | 'or';
  if (s.startsWith('and')) {
    operator = 'and';
    s.pos += 3;
  } else if (s.startsWith('or')) {
    operator = 'or';
    s.pos += 2;
  } else {
    throw s.fail('logic operator (and, or)');
  }
  s.skipSpaces();
  s.expect('(');
  const children: Condition[] = [];
  for (;;) {
    s.skipSpaces();
    if (/^(not\.)?(and|or)\(/.test(s.input.slice(s.pos, s.pos + 8))) {
      children.push(parseLogicTree(s, depth + 1, budget));
    } else {
      if (s.peek() === ')' || s.peek() === ',' || s.done) {
        throw s.fail('field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)');
      }
      const column = s.fieldName();
      s.rejectFieldExtras();
      s.expect('.', 'delimiter (.)');
      countCondition(budget);
      children.push(parseOperation(s, column, true));
    }
    s.skipSpaces();
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    s.expect(')', '"," or ")"');
    return { kind: 'logic', operator, negated, children };
  }
}

function parseLogicParam(key: string, value: string, budget: Budget): LogicTree {
  const operator = key.endsWith('and') ? 'and' : 'or';
  const s = new Scanner(`${key}${value}`, 'logic tree');
  const tree = parseLogicTree(s, 1, budget);
  s.skipSpaces();
  if (!s.done) throw s.fail('end of input');
  return { ...tree, operator };
}

/** The column named by a filter's key: a field name, nothing else (no embedding, no JSON path). */
function parseFilterKey(key: string): string {
  const s = new Scanner(key, 'tree path');
  const column = s.fieldName();
  if (s.peek() === '.') throw unsupported(`Filtering an embedded resource ("${key}")`);
  s.rejectFieldExtras();
  if (!s.done) throw s.fail('"->", "." or end of input');
  return column;
}

/** One `key=value` filter parameter (also used for function results). */
export function parseFilter(key: string, value: string): Filter {
  return parseFilterValue(parseFilterKey(key), value);
}

function parseNonNegative(name: string, value: string): number {
  if (/^-\d+$/.test(value.trim()) && name === 'limit') {
    throw rangeNotSatisfiable('Limit should be greater than or equal to zero.');
  }
  if (!/^\d{1,15}$/.test(value.trim())) {
    throw parseError(name, value, 1, `unexpected ${JSON.stringify(value.charAt(0) || 'end of input')} expecting a non-negative integer`);
  }
  return Number(value.trim());
}

export function parsePreferences(value: string | undefined): Preferences {
  const preferences: Preferences = {};
  if (!value) return preferences;
  const invalid: string[] = [];
  let strict = false;
  for (const raw of value.split(',')) {
    const token = raw.trim();
    if (!token) continue;
    const [key, setting] = token.split('=', 2).map((part) => part.trim()) as [string, string | undefined];
    if (key === 'return' && (setting === 'minimal' || setting === 'representation' || setting === 'headers-only')) {
      preferences.return = setting;
    } else if (key === 'count' && (setting === 'exact' || setting === 'planned' || setting === 'estimated')) {
      preferences.count = setting;
    } else if (key === 'missing' && (setting === 'default' || setting === 'null')) {
      preferences.missing = setting;
    } else if (key === 'resolution' && (setting === 'merge-duplicates' || setting === 'ignore-duplicates')) {
      preferences.resolution = setting;
    } else if (key === 'handling' && (setting === 'strict' || setting === 'lenient')) {
      strict = setting === 'strict';
    } else if (key === 'tx' || key === 'timezone' || key === 'max-affected') {
      // Understood but not applied (PostgREST's defaults): not echoed in Preference-Applied.
    } else {
      invalid.push(token);
    }
  }
  if (strict && invalid.length) {
    throw new RestError(400, {
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: `Invalid preferences: ${invalid.join(', ')}`,
    });
  }
  return preferences;
}

/** `Accept` → singular object or JSON array; anything else only when the client also accepts one of those. */
export function parseAccept(value: string | undefined): { singular: boolean } {
  if (!value || !value.trim()) return { singular: false };
  const entries = value
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.split(';').map((item) => item.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { type: type ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.type && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { type } of entries) {
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return { singular: true };
    if (
      type === 'application/json' ||
      type === 'application/*' ||
      type === '*/*' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === 'application/vnd.pgrst.array'
    ) {
      return { singular: false };
    }
  }
  throw notAcceptable(value.split(',').map((part) => part.trim()).join(', '));
}

/** `Range: 0-9` (items). Malformed headers are ignored, as PostgREST does. */
export function parseRangeHeader(value: string | undefined): { lower: number; upper: number | null } | null {
  if (!value) return null;
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(value);
  if (!match) return null;
  const lower = Number(match[1]);
  const upper = match[2] ? Number(match[2]) : null;
  if (upper !== null && lower > upper) {
    throw rangeNotSatisfiable('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { lower, upper };
}

function parseTarget(path: string): Target {
  const segments = path.split('/').filter((segment, index, all) => segment !== '' || (index > 0 && index < all.length - 1));
  let decoded: string[];
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    throw new RestError(404, { code: 'PGRST125', message: 'Invalid path specified in request URL' });
  }
  if (decoded.length === 0) return { kind: 'root' };
  if (decoded.length === 1 && decoded[0]) return { kind: 'table', name: decoded[0] };
  if (decoded.length === 2 && decoded[0] === 'rpc' && decoded[1]) return { kind: 'function', name: decoded[1] };
  throw new RestError(404, { code: 'PGRST125', message: 'Invalid path specified in request URL' });
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

export function parseRequest(input: RequestInput): ApiRequest {
  const method = input.method.toUpperCase();
  if (!METHODS.has(method)) throw unsupportedMethod(method);
  const target = parseTarget(input.path);
  const isRead = method === 'GET' || method === 'HEAD';

  const profile = header(input.headers, isRead ? 'accept-profile' : 'content-profile');
  if (profile !== undefined && profile.trim() !== 'public') throw invalidSchema(profile.trim());

  const action: Action =
    target.kind === 'function' ? 'call' : isRead ? 'read' : method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';

  const request: ApiRequest = {
    method: method as ApiRequest['method'],
    action,
    target,
    select: null,
    conditions: [],
    rpcParams: [],
    order: [],
    range: { offset: 0, limit: null },
    preferences: parsePreferences(header(input.headers, 'prefer')),
    columns: null,
    onConflict: null,
    singular: parseAccept(header(input.headers, 'accept')).singular,
  };

  const params = new URLSearchParams(input.query);
  const budget: Budget = { conditions: 0 };
  let limit: number | null = null;
  let offset = 0;
  const seen = new Set<string>();
  for (const [key, value] of params) {
    // The first `select`, `order`… wins, as in PostgREST; filters may repeat.
    const once = RESERVED.has(key) && key !== 'and' && key !== 'or' && key !== 'not.and' && key !== 'not.or';
    if (once) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    switch (key) {
      case 'apikey':
        break;
      case 'select':
        request.select = parseSelect(value);
        break;
      case 'columns':
        request.columns = parseNameList(value, 'columns parameter');
        break;
      case 'on_conflict':
        request.onConflict = parseNameList(value, 'on_conflict parameter');
        break;
      case 'order':
        if (value.trim()) request.order = parseOrder(value);
        break;
      case 'limit':
        limit = parseNonNegative('limit', value);
        break;
      case 'offset':
        offset = parseNonNegative('offset', value);
        break;
      case 'and':
      case 'or':
      case 'not.and':
      case 'not.or':
        request.conditions.push(parseLogicParam(key, value, budget));
        break;
      default: {
        if (/\.(order|limit|offset|and|or)$/.test(key)) throw unsupported(`"${key}" (parameters of embedded resources)`);
        if (target.kind === 'function' && isRead) {
          request.rpcParams.push([key, value]);
          break;
        }
        countCondition(budget);
        request.conditions.push(parseFilter(key, value));
      }
    }
  }

  const headerRange = isRead ? parseRangeHeader(header(input.headers, 'range')) : null;
  let lower = offset;
  let upper = limit === null ? null : offset + limit - 1;
  if (headerRange) {
    lower = Math.max(lower, headerRange.lower);
    if (headerRange.upper !== null) upper = upper === null ? headerRange.upper : Math.min(upper, headerRange.upper);
  }
  request.range = { offset: lower, limit: upper === null ? null : Math.max(0, upper - lower + 1) };
  return request;
}
