/**
 * Hostile requests for /rest/v1 and /auth/v1, drawn from a seeded generator (the same seed gives the same
 * requests): identifiers, operators, values, JSON bodies and headers that are malformed, oversized, nested,
 * control characters, lone surrogates, SQL and path tricks, wrong types — mixed with valid parts so requests
 * get past the first check and reach the deeper ones.
 */

// The seeded generator (mulberry32) is the data API's grammar fuzz's.
import { random as seededRandom } from '../../server/src/modules/rest/testing/fuzz';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const TABLES = ['menu_items', 'leads', 'profiles', 'content_items', 'campaigns', 'organizations', 'organization_members', 'admin_pages'];
const COLUMNS = ['id', 'name', 'title', 'email', 'href', 'sort_order', 'status', 'tags', 'budget', 'platforms', 'created_at', 'organization_id', 'user_id', 'first_name', 'role', 'content', 'message', 'number', 'path'];
const FUNCTIONS = ['is_site_admin', 'reset_menu_items', 'reset_admin_pages'];
const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'not.eq', 'not.in', 'eqq', ''];

const HOSTILE = [
  '',
  ' ',
  "'",
  '"',
  '\\',
  '\\\\',
  '%',
  '%00',
  '%ZZ',
  '%E2%80%AE',
  '\u0000',
  '\u0001',
  '\u007f',
  '\ud800',
  '\udfff',
  '😀',
  '\u202egnp.exe',
  'é',
  '*',
  ',',
  '.',
  ':',
  '::',
  '->',
  '->>',
  '()',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  '{"a":1}',
  'null',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-9223372036854775809',
  '99999999999999999999999999',
  '0x7f',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-02-30',
  'epoch',
  '"; drop table public.leads; --',
  "' or '1'='1",
  '$1',
  '$$',
  'pg_sleep(10)',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  'a'.repeat(300),
  'b'.repeat(5000),
  'select',
  'public.leads',
  'auth.users',
  'pg_catalog.pg_authid',
  'rpc',
  'x'.repeat(70),
];

export function createFuzzer(seed: number, keys: { anonKey: string; serviceRoleKey: string; userTokens: string[] }) {
  const random = seededRandom(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => random() < p;
  const hostile = () => pick(HOSTILE);
  const word = () => (chance(0.6) ? pick(COLUMNS) : hostile());
  // A lone surrogate cannot be percent-encoded as UTF-8: it goes as the bytes of one (invalid UTF-8).
  const percent = (text: string) =>
    text
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  const enc = (text: string) => (chance(0.85) ? percent(text) : text.replace(/[#?&\s]/g, (c) => encodeURIComponent(c)));
  /** A path segment that stays one: never `.` or `..`, which the URL parser would resolve out of the API's prefix. */
  const segment = (text: string) => {
    const encoded = percent(text).replace(/\./g, '%2E');
    return /^(%2E){1,2}$/i.test(encoded) ? `x${encoded}` : encoded;
  };

  function jsonValue(depth = 0): unknown {
    const kind = int(depth > 4 ? 5 : 8);
    if (kind === 0) return hostile();
    if (kind === 1) return pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 123456789]);
    if (kind === 2) return pick([true, false, null]);
    if (kind === 3) return pick(COLUMNS);
    if (kind === 4) return String(int(1000));
    if (kind === 5) return Array.from({ length: int(4) }, () => jsonValue(depth + 1));
    const object: Record<string, unknown> = {};
    for (let i = int(5); i > 0; i -= 1) object[word()] = jsonValue(depth + 1);
    return object;
  }

  function body(): string | undefined {
    const kind = int(10);
    if (kind === 0) return undefined;
    if (kind === 1) return hostile();
    if (kind === 2) return '{"unclosed": ';
    if (kind === 3) return `${'['.repeat(3000)}${']'.repeat(3000)}`;
    if (kind === 4) return JSON.stringify(Array.from({ length: int(5) + 1 }, () => jsonValue(1)));
    return JSON.stringify(jsonValue(1));
  }

  function selectList(depth = 0): string {
    return Array.from({ length: int(4) + 1 }, () => {
      const kind = int(depth > 2 ? 5 : 7);
      if (kind === 0) return '*';
      if (kind === 1) return `${word()}:${word()}`;
      if (kind === 2) return `${word()}::${pick(['text', 'int', 'json', hostile()])}`;
      if (kind === 3) return `${word()}->${word()}->>${word()}`;
      if (kind === 4) return word();
      return `${pick([...TABLES, hostile()])}(${selectList(depth + 1)})`;
    }).join(',');
  }

  function filter(): string {
    const kind = int(6);
    if (kind === 0) return `or=(${word()}.${pick(OPERATORS)}.${hostile()},${word()}.eq.1)`;
    if (kind === 1) return `and=(${word()}.${pick(OPERATORS)}.${hostile()})`;
    if (kind === 2) return `${enc(word())}=in.(${Array.from({ length: int(3) }, hostile).map(enc).join(',')})`;
    if (kind === 3) return `${enc(word())}=cs.{${enc(hostile())}}`;
    return `${enc(word())}=${pick(OPERATORS)}.${enc(hostile())}`;
  }

  function query(): string {
    const parts: string[] = [];
    if (chance(0.6)) parts.push(`select=${enc(selectList())}`);
    for (let i = int(4); i > 0; i -= 1) parts.push(filter());
    if (chance(0.3)) parts.push(`order=${enc(`${word()}.${pick(['asc', 'desc', 'nullsfirst', hostile()])}`)}`);
    if (chance(0.3)) parts.push(`limit=${enc(pick(['0', '1', '-1', '1000000', hostile()]))}`);
    if (chance(0.2)) parts.push(`offset=${enc(pick(['0', '5', '-5', '99999999999', hostile()]))}`);
    if (chance(0.1)) parts.push(`on_conflict=${enc(word())}`);
    if (chance(0.1)) parts.push(`columns=${enc(`${word()},${word()}`)}`);
    if (chance(0.05)) parts.push(`${'x'.repeat(int(3000))}=eq.1`);
    return parts.join('&');
  }

  /** Header values fetch accepts: printable ASCII (Node's own parser refuses control characters before our code). */
  const headerValue = () => [...hostile()].map((char) => (char >= ' ' && char <= '~' ? char : '?')).join('');

  function authorization(): Record<string, string> {
    const kind = int(8);
    if (kind === 0) return {};
    if (kind === 1) return { authorization: `Bearer ${keys.serviceRoleKey}` };
    if (kind === 2) return { authorization: `Bearer ${headerValue()}` };
    if (kind === 3) return { authorization: `Bearer ${'eyJ'.repeat(10)}.${'x'.repeat(int(50))}.sig` };
    if (kind === 4) return { authorization: pick(['Basic Zm9vOmJhcg==', 'Bearer', 'bearer  ', 'Token x']) };
    if (kind === 5 && keys.userTokens.length) return { authorization: `Bearer ${pick(keys.userTokens)}` };
    return { authorization: `Bearer ${keys.anonKey}` };
  }


  function headers(): Record<string, string> {
    const result: Record<string, string> = chance(0.92) ? { apikey: keys.anonKey } : chance(0.5) ? {} : { apikey: headerValue() };
    Object.assign(result, authorization());
    if (chance(0.6)) result['content-type'] = pick(['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'text/csv', 'application/vnd.pgrst.object+json', headerValue()]);
    if (chance(0.3)) result.prefer = pick(['return=representation', 'return=minimal', 'count=exact', 'resolution=merge-duplicates', 'missing=default', 'handling=strict', 'tx=rollback', 'max-affected=1', headerValue()]);
    if (chance(0.2)) result.accept = pick(['application/json', 'application/vnd.pgrst.object+json', 'text/csv', 'application/geo+json', '*/*', headerValue()]);
    if (chance(0.1)) result.range = pick(['0-9', '5-1', 'items=0-9', headerValue()]);
    if (chance(0.1)) result[pick(['accept-profile', 'content-profile'])] = pick(['public', 'private', 'auth', headerValue()]);
    if (chance(0.2)) result['x-forwarded-for'] = pick(['203.0.113.7', '2001:db8::1', '::ffff:1.2.3.4', headerValue()]);
    if (chance(0.1)) result['x-supabase-api-version'] = pick(['2024-01-01', '2023-01-01', headerValue()]);
    if (chance(0.05)) result['x-long'] = 'y'.repeat(int(20000));
    return result;
  }

  function restRequest(): FuzzRequest {
    const method = pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'TRACE']);
    const target = chance(0.15) ? `rpc/${segment(pick([...FUNCTIONS, hostile()]))}` : segment(pick([...TABLES, ...TABLES, hostile()]));
    const q = query();
    return { method, path: `/rest/v1/${target}${q ? `?${q}` : ''}`, headers: headers(), body: method === 'GET' || method === 'HEAD' ? undefined : body() };
  }

  function authBody(): string | undefined {
    if (chance(0.3)) return body();
    const fields: Record<string, unknown> = {};
    for (const field of ['email', 'password', 'data', 'refresh_token', 'token_hash', 'token', 'type', 'phone', 'code_challenge', 'app_metadata', 'nonce']) {
      if (!chance(0.45)) continue;
      fields[field] = field === 'data' || field === 'app_metadata' ? jsonValue(1) : chance(0.5) ? hostile() : jsonValue(2);
    }
    if (chance(0.3)) fields.email = `${hostile().slice(0, 20)}@example.com`;
    return JSON.stringify(fields);
  }

  function authRequest(): FuzzRequest {
    const route = pick([
      ['POST', `/signup${chance(0.3) ? `?redirect_to=${enc(hostile())}` : ''}`],
      ['POST', `/token?grant_type=${enc(pick(['password', 'refresh_token', 'pkce', 'id_token', hostile()]))}`],
      ['POST', `/recover${chance(0.3) ? `?redirect_to=${enc(pick(['http://localhost:9999/', 'javascript:alert(1)', hostile()]))}` : ''}`],
      ['POST', '/verify'],
      ['GET', `/verify?token=${enc(hostile())}&type=${enc(pick(['signup', 'recovery', 'email_change', hostile()]))}&redirect_to=${enc(hostile())}`],
      ['GET', '/user'],
      ['PUT', '/user'],
      ['POST', `/logout?scope=${enc(pick(['global', 'local', 'others', hostile()]))}`],
      ['GET', '/settings'],
      ['GET', `/${segment(hostile())}`],
      [pick(['DELETE', 'PATCH', 'OPTIONS']), pick(['/user', '/signup', '/token'])],
    ] as const);
    const [method, path] = route;
    return { method, path: `/auth/v1${path}`, headers: headers(), body: method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? undefined : authBody() };
  }

  return { next: (): FuzzRequest => (chance(0.6) ? restRequest() : authRequest()) };
}
