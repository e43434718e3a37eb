// Renders the public routes to static HTML after `vite build`: dist/prerendered/<route>.html,
// plus 404.html, each the client shell with the rendered markup (hydrated by entry-client), the page's
// title, description and image preloads in <head>, and modulepreload links for the route's own chunks.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { modulepreloadLinks, placeHead, routeModuleOf } from './prerender-html.mjs';

const root = path.resolve(import.meta.dirname, '..');
const shell = await readFile(path.join(root, 'dist/client/index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
const { render, prerenderedPaths } = await import(pathToFileURL(path.join(root, 'dist/server/entry-server.js')).href);
const outDir = path.join(root, 'dist/prerendered');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

const fileName = (route) => (route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '__')}.html`);

for (const [route, file] of [...prerenderedPaths.map((route) => [route, fileName(route)]), ['/__not-found__', '404.html']]) {
  const { html, status } = await render(route);
  const { page, markup } = placeHead(shell, html);
  const preloads = modulepreloadLinks(manifest, routeModuleOf(route));
  if (preloads.length === 0) console.warn(`no chunk found for ${route} (${routeModuleOf(route)})`);
  const withPreloads = page.replace('</head>', `${preloads.join('\n')}\n</head>`);
  await writeFile(path.join(outDir, file), withPreloads.replace('<!--app-html-->', markup));
  console.log(`prerendered ${route} -> dist/prerendered/${file} (${status})`);
}
