// Pure helpers of scripts/prerender.mjs (tested in prerender-html.test.ts).

const HOISTABLE = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/**
 * React renders a page's <title>, <meta> and preload <link>s at the start of its markup; they belong in <head>.
 * The page's title and description replace the shell's; other elements are added before </head>.
 */
export function placeHead(page, markup) {
  let rest = markup;
  const hoisted = [];
  for (let match = HOISTABLE.exec(rest); match; match = HOISTABLE.exec(rest)) {
    hoisted.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  let head = page;
  const extra = [];
  for (const element of hoisted) {
    if (element.startsWith('<title>')) head = head.replace(/<title>[\s\S]*?<\/title>/, element);
    else if (/^<meta\b[^>]*\bname="description"/.test(element)) head = head.replace(/<meta\b[^>]*\bname="description"[^>]*>/, element);
    else extra.push(element);
  }
  if (extra.length > 0) head = head.replace('</head>', `${extra.join('\n')}\n</head>`);
  return { page: head, markup: rest };
}

/** The source file of a prerendered route's page: '/' → landing, '/about' → about, the 404 page → not-found. */
export function routeModuleOf(route) {
  if (route === '/') return 'src/app/routes/landing.tsx';
  if (route === '/__not-found__') return 'src/app/routes/not-found.tsx';
  return `src/app/routes${route}.tsx`;
}

/** A route's chunk and the chunks it imports, once each, without the entry (which the page loads anyway). */
export function routeChunks(manifest, moduleId, base = '/') {
  const files = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.includes(`${base}${chunk.file}`)) return;
    files.push(`${base}${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(moduleId);
  return files;
}

/**
 * A prerendered page is complete without JavaScript: its module script only hydrates it. Instead of loading
 * it with the page (where it competes with the stylesheet and the hero image, and delays the first paint),
 * /hydrate.js starts it, with the route's chunks, right after the first paint.
 */
export function deferHydration(page, chunks) {
  return page.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_match, entry) =>
    `<script defer src="/hydrate.js" data-entry="${entry}" data-preload="${chunks.join(' ')}"></script>`,
  );
}

/** What the router loads before a signed-in page renders: its layouts (the account area, the signed-in guard). */
export const SIGNED_IN_LAYOUT_MODULES = ['src/components/layouts/account-layout.tsx', 'src/lib/account-prefetch.ts', 'src/lib/auth.tsx'];

/**
 * Each signed-in page's chunks (its layouts', its own, and what they import; not the entry): the inline script
 * preloads them with the entry instead of after it (issue 33). A page's module is `src/app/routes/<path>.tsx` or
 * `src/app/routes/<path with dashes>.tsx`; a path with neither stops the build.
 */
export function signedInPageChunks(manifest, pagePaths, base = '/') {
  const layouts = SIGNED_IN_LAYOUT_MODULES.flatMap((moduleId) => routeChunks(manifest, moduleId, base));
  return Object.fromEntries(
    pagePaths.map((pagePath) => {
      const candidates = [`src/app/routes${pagePath}.tsx`, `src/app/routes/${pagePath.slice(1).replaceAll('/', '-')}.tsx`];
      const moduleId = candidates.find((candidate) => manifest[candidate]);
      if (!moduleId) throw new Error(`No route module for the signed-in page ${pagePath} (looked for ${candidates.join(', ')})`);
      return [pagePath, [...new Set([...layouts, ...routeChunks(manifest, moduleId, base)])]];
    }),
  );
}

/**
 * The shell of every page that is not prerendered, with the frames of the signed-in pages (issue 33): the shared
 * header in a hidden `#app-frame` before React's root, each page's top by path in a JSON script, and the inline script
 * that fills and shows the frame during parsing for a signed-in page of a browser holding a session (or removes it).
 * The JSON cannot close its script element: every `<` is escaped.
 * The app's entry is not a module script of the head any more but the frame's `data-entry`: the inline script starts
 * it at once where it shows no frame, and after the frame's first paint where it shows one (decision 0017, session 14).
 */
export function withAppFrame(shell, { header, pages }, script, chunks = {}) {
  if (shell.includes('id="app-frame"')) throw new Error('The shell has its frames already: run `vite build` before scripts/prerender.mjs');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(shell);
  if (!entry) throw new Error('The module script of index.html was not found: update withAppFrame');
  const jsonScript = (id, value) => `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;
  const frame =
    `<div id="app-frame" class="min-h-screen bg-muted/30" aria-hidden="true" hidden data-entry="${entry[1]}">${header}<div id="app-frame-page"></div></div>\n` +
    `    ${jsonScript('app-frame-pages', pages)}\n` +
    `    ${jsonScript('app-frame-chunks', chunks)}\n` +
    `    <script>${script}</script>\n    `;
  const withoutEntry = shell.replace(entry[0], '');
  const withFrame = withoutEntry.replace('<div id="root">', `${frame}<div id="root">`);
  if (withFrame === withoutEntry) throw new Error('<div id="root"> was not found in the shell: update withAppFrame');
  return withFrame;
}
