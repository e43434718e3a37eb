import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/**
 * A plain static file server configured only by a folder's `_redirects` and `_headers`, with the semantics Cloudflare
 * Pages documents for them (Netlify's agree on everything the generated files use):
 * - `_redirects`: `from to [status]` per line; static rules (no `:placeholder`, no `*`) are looked up first, then the
 *   dynamic ones in file order; status 200 serves `to` under the requested URL, 301/302/… redirect.
 * - files: a path ending in `/` serves its `index.html`; a missing file is `404.html` with status 404.
 * - `_headers`: a path pattern line, then indented `Name: value` lines; every matching block applies to the
 *   requested URL, a header set twice is joined with ", ".
 * It knows nothing of the app: whatever the files say is what it serves.
 */

interface RedirectRule {
  from: string;
  to: string;
  status: number;
  pattern: RegExp | undefined;
}

interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** `/admin/:page` and `/assets/*` as a regular expression over the whole path. */
function patternOf(source: string): RegExp {
  const escaped = source
    .split(/(:[A-Za-z]\w*|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status] = line.split(/\s+/);
      if (!from || !to) throw new Error(`_redirects: cannot read the line "${line}"`);
      const isDynamic = /:[A-Za-z]|\*/.test(from);
      return { from, to, status: status ? Number(status) : 302, pattern: isDynamic ? patternOf(from) : undefined };
    });
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: patternOf(line.trim()), headers: [] });
      continue;
    }
    const current = rules.at(-1);
    const colon = line.indexOf(':');
    if (!current || colon < 0) throw new Error(`_headers: cannot read the line "${line}"`);
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

async function fileAt(root: string, urlPath: string): Promise<string | undefined> {
  const relative = decodeURIComponent(urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
  const file = path.resolve(root, `.${relative}`);
  if (!file.startsWith(root + path.sep)) return undefined;
  return (await stat(file).then((info) => info.isFile(), () => false)) ? file : undefined;
}

export interface StaticHostServer {
  url: string;
  close(): Promise<void>;
}

export async function startStaticHostServer(root: string): Promise<StaticHostServer> {
  const redirects = parseRedirects(await readFile(path.join(root, '_redirects'), 'utf8'));
  const headerRules = parseHeaders(await readFile(path.join(root, '_headers'), 'utf8'));
  const staticRules = new Map(redirects.filter((rule) => !rule.pattern).map((rule) => [rule.from, rule]));

  const server = http.createServer(async (request, response) => {
    const requested = new URL(request.url ?? '/', 'http://host').pathname;
    const rule = staticRules.get(requested) ?? redirects.find((candidate) => candidate.pattern?.test(requested));
    if (rule && rule.status !== 200) {
      response.writeHead(rule.status, { Location: rule.to }).end();
      return;
    }
    const served = rule ? new URL(rule.to, 'http://host').pathname : requested;
    let file = await fileAt(root, served);
    let status = 200;
    if (!file || path.basename(file).startsWith('_')) {
      file = path.join(root, '404.html');
      status = 404;
    }
    const headers: Record<string, string> = { 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' };
    for (const headerRule of headerRules.filter((candidate) => candidate.pattern.test(requested))) {
      for (const [name, value] of headerRule.headers) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
    response.writeHead(status, headers).end(request.method === 'HEAD' ? undefined : await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
