// Last build step: dist/static, the folder any static host serves, with the files the common hosts read, and
// dist/nginx.conf. Pages and headers as the own server serves them (scripts/static-host/render.ts). The backend of a
// static deployment is hosted Supabase: build with VITE_SUPABASE_URL and the publishable key (README).
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from 'vite';
import { writeStamp } from './build-stamp.mjs';
import { securityHeaders } from '../src/config/security-headers';
import { renderHeaders, renderNginx, renderRedirects, renderVercel } from './static-host/render';
import { NOT_FOUND_FILE, pageFile, SHELL_DIR, staticRoutes } from './static-host/routes';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const prerenderedDir = path.join(root, 'dist/prerendered');
const outDir = path.join(root, 'dist/static');

const env = { ...loadEnv('production', root, 'VITE_'), ...process.env };
const backendUrl = env.VITE_SUPABASE_URL?.trim();
const backendOrigin = backendUrl ? new URL(backendUrl).origin : undefined;
const headers = securityHeaders({ https: true, backendOrigin });
const routes = staticRoutes();

await rm(outDir, { recursive: true, force: true });
// The client build without its shell (index.html is a page name here), Vite's manifest and the precompressed copies
// (static hosts compress on their own).
await cp(clientDir, outDir, {
  recursive: true,
  filter: (source) => {
    const relative = path.relative(clientDir, source);
    return relative !== 'index.html' && relative !== '.vite' && !/\.(br|gz)$/.test(relative);
  },
});
await mkdir(path.join(outDir, SHELL_DIR), { recursive: true });
await cp(path.join(clientDir, 'index.html'), path.join(outDir, SHELL_DIR, 'index.html'));
for (const route of routes.prerendered) {
  const source = path.join(prerenderedDir, route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '__')}.html`);
  const target = path.join(outDir, pageFile(route));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, await readFile(source));
}
await cp(path.join(prerenderedDir, NOT_FOUND_FILE), path.join(outDir, NOT_FOUND_FILE));

// Netlify serves an existing file before applying a rule; Cloudflare applies the rule first. No rule may name a
// file, so both hosts answer alike.
for (const route of [...routes.prerendered.filter((route) => route !== '/'), ...routes.appRoutes]) {
  const exists = await stat(path.join(outDir, route)).then((info) => info.isFile(), () => false);
  if (exists) throw new Error(`dist/static${route} is a file and a route at once: rename the file`);
}

await writeFile(path.join(outDir, '_redirects'), renderRedirects(routes));
await writeFile(path.join(outDir, '_headers'), renderHeaders(headers));
await writeFile(path.join(outDir, 'vercel.json'), renderVercel(routes, headers));
await writeFile(path.join(root, 'dist/nginx.conf'), renderNginx(routes, headers));

const files = (await readdir(outDir, { recursive: true })).length;
console.log(`static hosting: dist/static (${files} entries, _redirects, _headers, vercel.json) and dist/nginx.conf`);
if (!backendOrigin) {
  console.log('  built without VITE_SUPABASE_URL: dist/static needs a backend; build with the hosted project to deploy it (README).');
}

// The last step of `npm run build`: a complete build leaves its stamp.
writeStamp();
