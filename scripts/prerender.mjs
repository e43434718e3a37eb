// Renders the public routes to static HTML after `vite build`: dist/prerendered/<route>.html,
// plus 404.html, each the client shell with the rendered markup (hydrated by entry-client).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const shell = await readFile(path.join(root, 'dist/client/index.html'), 'utf8');
const { render, prerenderedPaths } = await import(pathToFileURL(path.join(root, 'dist/server/entry-server.js')).href);
const outDir = path.join(root, 'dist/prerendered');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

/** Moves the page's <title> (rendered in place by React) into the head, replacing the shell's. */
export function placeTitle(page, markup) {
  const match = /<title>([\s\S]*?)<\/title>/.exec(markup);
  if (!match) return { page, markup };
  return {
    page: page.replace(/<title>[\s\S]*?<\/title>/, match[0]),
    markup: markup.replace(match[0], ''),
  };
}

const fileName = (route) => (route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '__')}.html`);

for (const [route, file] of [...prerenderedPaths.map((route) => [route, fileName(route)]), ['/__not-found__', '404.html']]) {
  const { html, status } = await render(route);
  const { page, markup } = placeTitle(shell, html);
  await writeFile(path.join(outDir, file), page.replace('<!--app-html-->', markup));
  console.log(`prerendered ${route} -> dist/prerendered/${file} (${status})`);
}
