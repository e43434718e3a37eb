import { appRoutePatterns, BLOG_ROUTE_PATTERN, isAppRoute, paths, prerenderedPaths } from '../../src/config/paths';

/**
 * The site's routes as static hosts need them, derived from src/config/paths.ts (the table the app and the own
 * server use): prerendered pages, exact routes of the single-page app, and the numbered admin pages.
 */

export interface StaticRoutes {
  /** Prerendered public pages: '/' and '/portfolio', … */
  prerendered: string[];
  /** Every other exact route: answered with the app's shell. */
  appRoutes: string[];
  /** The admin pages `/admin/page-<n>`. */
  adminPage: { prefix: string; numberPattern: string; regex: string };
  /** The public blogs `/blog/<blog>` and `/blog/<blog>/<item>`: the app renders them on hosted Supabase. */
  blog: { prefix: string; segmentPattern: string; regex: string };
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

export function staticRoutes(): StaticRoutes {
  const prerendered = [...prerenderedPaths];
  const exact = [...new Set(stringsOf(paths))].filter((route) => !route.includes(':'));
  const appRoutes = exact.filter((route) => !prerendered.includes(route as (typeof prerendered)[number]));
  const adminPage = { prefix: '/admin/page-', numberPattern: '[1-9][0-9]{0,4}', regex: '^/admin/page-[1-9][0-9]{0,4}/?$' };
  const segment = '[a-z0-9]+(-[a-z0-9]+)*';
  const blog = { prefix: '/blog/', segmentPattern: segment, regex: `^/blog/${segment}(/${segment})?/?$` };
  // The generated files must agree with the app's own route table.
  for (const route of [...prerendered, ...appRoutes, paths.adminPage(7), paths.adminPage(12345)]) {
    if (!isAppRoute(route)) throw new Error(`${route} is not an app route: update scripts/static-host/routes.ts`);
  }
  if (!appRoutePatterns.some((pattern) => pattern.source.replaceAll('\\/', '/') === adminPage.regex)) {
    throw new Error('The admin page pattern of src/config/paths.ts changed: update scripts/static-host/routes.ts');
  }
  if (BLOG_ROUTE_PATTERN.source.replaceAll('\\/', '/') !== blog.regex) {
    throw new Error('The blog pattern of src/config/paths.ts changed: update scripts/static-host/routes.ts');
  }
  return { prerendered, appRoutes, adminPage, blog };
}

/** Where each page lives in the static output: folders with index.html, so every host finds them without rules. */
export function pageFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

export const SHELL_DIR = 'app-shell';
export const NOT_FOUND_FILE = '404.html';
