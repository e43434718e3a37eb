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
    ['/admin/page-0', 404, 'NOT FOUND'],
    ['/admin/page-x', 404, 'NOT FOUND'],
    ['/index.html', 404, 'NOT FOUND'],
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
