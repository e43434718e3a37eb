import { invalidSchema, RestError, unsupportedMethod } from '../errors';
import type { Action, ApiRequest, EmbedPath, Range, Target } from '../request-types';
import { isFilterValue, parseFilterParam } from './filter';
import { countCondition, parseLogicParam, type Budget } from './logic';
import { parseAccept } from './media';
import { parseOrder } from './order';
import { parsePreferences } from './prefer';
import { parseNonNegative, parseRangeHeader, topLevelRange } from './range';
import { Scanner } from './scanner';
import { parseSelect } from './select';

/**
 * Method + path + query string + headers → `ApiRequest` (PostgREST's `ApiRequest.hs` and `QueryParams.hs`),
 * pure. Parameters ending in `order`, `limit`, `offset`, `and`, `or` apply to the embedded resource named
 * before them (`members.order=…`); every other parameter is a filter, or, on GET /rpc, an argument when its
 * value has no operator.
 */

export interface RequestInput {
  method: string;
  /** The path under /rest/v1, e.g. `/content_items` or `/rpc/reset_menu_items`. */
  path: string;
  /** The raw query string without `?`. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  /** Exposed schemas (the first is the default), PostgREST's `db-schemas`. */
  schemas?: readonly string[];
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
const ONCE = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function header(headers: RequestInput['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
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

function parseNameList(value: string, what: string): string[] {
  const s = new Scanner(value, what);
  const names: string[] = [];
  for (;;) {
    s.skipSpaces();
    names.push(s.fieldName());
    s.skipSpaces();
    if (s.done) return names;
    s.expect(',', '"," or end of input');
  }
}

/** The dotted words of a key (`members.order` → `['members', 'order']`); quoted names may hold dots. */
function keyWords(key: string): string[] {
  try {
    const s = new Scanner(key, 'tree path');
    const words = [s.fieldName()];
    while (s.accept('.')) words.push(s.fieldName());
    return s.done ? words : [key];
  } catch {
    return [key];
  }
}

function chooseSchema(input: RequestInput, isRead: boolean): { schema: string; negotiatedByProfile: boolean } {
  const schemas = input.schemas?.length ? input.schemas : ['public'];
  const profile = header(input.headers, isRead ? 'accept-profile' : 'content-profile');
  if (profile === undefined) return { schema: schemas[0]!, negotiatedByProfile: schemas.length > 1 };
  const schema = profile.trim();
  if (!schemas.includes(schema)) throw invalidSchema(schema, schemas);
  return { schema, negotiatedByProfile: true };
}

export function parseRequest(input: RequestInput): ApiRequest {
  const method = input.method.toUpperCase();
  if (!METHODS.has(method)) throw unsupportedMethod(method);
  const target = parseTarget(input.path);
  const isRead = method === 'GET' || method === 'HEAD';
  const action: Action =
    target.kind === 'function' ? 'call' : isRead ? 'read' : method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';

  const request: ApiRequest = {
    method: method as ApiRequest['method'],
    action,
    target,
    ...chooseSchema(input, isRead),
    select: null,
    conditions: [],
    orders: [],
    embedRanges: [],
    range: { offset: 0, limit: null },
    rpcArgs: [],
    preferences: parsePreferences(header(input.headers, 'prefer')),
    columns: null,
    onConflict: null,
    media: parseAccept(header(input.headers, 'accept')),
  };

  const budget: Budget = { conditions: 0 };
  const seen = new Set<string>();
  const limits = new Map<string, { path: EmbedPath; limit: number | null; offset: number }>();
  const rangeOf = (path: EmbedPath) => {
    const key = path.join('\u0000');
    let range = limits.get(key);
    if (!range) limits.set(key, (range = { path, limit: null, offset: 0 }));
    return range;
  };
  for (const [key, value] of new URLSearchParams(input.query)) {
    if (key === 'apikey') continue;
    if (ONCE.has(key)) {
      // The first `select`, `columns`, `on_conflict` wins, as in PostgREST.
      if (seen.has(key)) continue;
      seen.add(key);
      if (key === 'select') request.select = parseSelect(value);
      else if (key === 'columns') request.columns = parseNameList(value, 'columns parameter');
      else request.onConflict = parseNameList(value, 'on_conflict parameter');
      continue;
    }
    const words = keyWords(key);
    const last = words.at(-1)!;
    if (EMBEDDABLE.has(last) && (words.length > 1 || key === last)) {
      if (last === 'and' || last === 'or') {
        const { path, tree } = parseLogicParam(key, value, budget);
        request.conditions.push({ path, condition: tree });
      } else if (last === 'order') {
        if (value.trim()) request.orders.push({ path: words.slice(0, -1), terms: parseOrder(value) });
      } else if (last === 'limit') {
        rangeOf(words.slice(0, -1)).limit = parseNonNegative(key, value);
      } else {
        rangeOf(words.slice(0, -1)).offset = parseNonNegative(key, value);
      }
      continue;
    }
    if (target.kind === 'function' && isRead && !key.includes('.') && !isFilterValue(value)) {
      request.rpcArgs.push([key, value]);
      continue;
    }
    countCondition(budget);
    const { path, filter } = parseFilterParam(key, value);
    request.conditions.push({ path, condition: filter });
  }

  const root = limits.get('') ?? { path: [], limit: null, offset: 0 };
  limits.delete('');
  request.embedRanges = [...limits.values()].map(({ path, limit, offset }) => ({ path, range: { offset, limit } as Range }));
  const headerRange = isRead ? parseRangeHeader(header(input.headers, 'range')) : null;
  request.range = topLevelRange(root.offset, root.limit, headerRange);
  return request;
}
