import { describe, expect, it } from 'vitest';
import { injectBackendMeta, pickPage, routeOfPrerenderedFile, type HtmlPages } from './html-pages';

const pages: HtmlPages = {
  shell: 'SHELL',
  prerendered: new Map([
    ['/', 'HOME'],
    ['/portfolio', 'PORTFOLIO'],
  ]),
  notFound: 'NOT FOUND',
};

describe('pickPage', () => {
  it.each([
    ['/', 200, 'HOME'],
    ['/portfolio', 200, 'PORTFOLIO'],
    ['/portfolio/', 200, 'PORTFOLIO'],
    ['/dashboard', 200, 'SHELL'],
    ['/marketing/seo', 200, 'SHELL'],
    ['/admin/page-1', 200, 'SHELL'],
    ['/admin/page-21', 200, 'SHELL'],
    ['/admin/administrator', 200, 'SHELL'],
    ['/nope', 404, 'NOT FOUND'],
    ['/marketing/nope', 404, 'NOT FOUND'],
    ['/terms', 200, 'SHELL'],
    ['/privacy', 200, 'SHELL'],
    ['/index.html', 404, 'NOT FOUND'],
    ['/ADMIN', 404, 'NOT FOUND'],
    ['/Dashboard', 404, 'NOT FOUND'],
    ['/admin/x/y', 404, 'NOT FOUND'],
    // One level under /admin: the app shows its 404 there inside the admin area, so it gets the shell.
    ['/admin/page-0', 404, 'SHELL'],
    ['/admin/page-01', 404, 'SHELL'],
    ['/admin/page-x', 404, 'SHELL'],
    ['/admin/foo', 404, 'SHELL'],
    ['/admin/foo/', 404, 'SHELL'],
  ])('%s → %i', (pathname, status, html) => {
    expect(pickPage(pages, pathname)).toEqual({ status, html });
  });

  it('falls back to the shell for a 404 when no not-found page was prerendered', () => {
    expect(pickPage({ ...pages, notFound: undefined }, '/missing')).toEqual({ status: 404, html: 'SHELL' });
  });
});

describe('injectBackendMeta', () => {
  it('adds the anon key before </head>, escaped', () => {
    expect(injectBackendMeta('<head><title>x</title></head>', 'a"b')).toBe(
      '<head><title>x</title><meta name="supabase-anon-key" content="a&quot;b" />\n</head>',
    );
  });
});

describe('routeOfPrerenderedFile', () => {
  it.each([
    ['index.html', '/'],
    ['portfolio.html', '/portfolio'],
    ['a__b.html', '/a/b'],
  ])('%s → %s', (file, route) => {
    expect(routeOfPrerenderedFile(file)).toBe(route);
  });
});
