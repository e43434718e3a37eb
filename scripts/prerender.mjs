// Renders the public routes to static HTML after `vite build`: dist/prerendered/<route>.html,
// plus 404.html, each the client shell with the rendered markup (hydrated by entry-client), the page's
// title, description and image preloads in <head>, and hydration started after the first paint (hydrate.js).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deferHydration, placeHead, routeChunks, routeModuleOf, signedInPageChunks, withAppFrame } from './prerender-html.mjs';

const root = path.resolve(import.meta.dirname, '..');
const shell = await readFile(path.join(root, 'dist/client/index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
const { render, prerenderedPaths, renderAppFrame, APP_FRAME_SCRIPT } = await import(pathToFileURL(path.join(root, 'dist/server/entry-server.js')).href);
const outDir = path.join(root, 'dist/prerendered');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

const fileName = (route) => (route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '__')}.html`);

for (const [route, file] of [...prerenderedPaths.map((route) => [route, fileName(route)]), ['/__not-found__', '404.html']]) {
  const { html, status } = await render(route);
  const { page, markup } = placeHead(shell, html);
  const chunks = routeChunks(manifest, routeModuleOf(route));
  if (chunks.length === 0) console.warn(`no chunk found for ${route} (${routeModuleOf(route)})`);
  const deferred = deferHydration(page, chunks);
  if (deferred === page) throw new Error('The module script of index.html was not found: update deferHydration');
  await writeFile(path.join(outDir, file), deferred.replace('<!--app-html-->', markup));
  console.log(`prerendered ${route} -> dist/prerendered/${file} (${status})`);
}

// Last: the shell of the other pages gets the signed-in pages' frames (the prerendered pages above were made from the
// shell without them: a public page never carries the frame).
const appFrame = renderAppFrame();
const chunks = signedInPageChunks(manifest, Object.keys(appFrame.pages));
await writeFile(path.join(root, 'dist/client/index.html'), withAppFrame(shell, appFrame, APP_FRAME_SCRIPT, chunks));
console.log('signed-in pages\' frames -> dist/client/index.html');
