import { describe, expect, it } from 'vitest';
import { isAppRoute } from '../../src/config/paths';
import { securityHeaders } from '../../src/config/security-headers';
import { renderHeaders, renderNginx, renderRedirects, renderVercel } from './render';
import { pageFile, staticRoutes } from './routes';

const routes = staticRoutes();
const headers = securityHeaders({ https: true, backendOrigin: 'https://abcdefghij.supabase.co' });

describe('staticRoutes', () => {
  it('holds every route of the app, and only those', () => {
    expect(routes.prerendered).toEqual(['/', '/portfolio', '/about', '/roi', '/terms', '/privacy']);
    expect(routes.appRoutes).toContain('/marketing/creative');
    expect(routes.appRoutes).toContain('/admin/administrator');
    expect(routes.appRoutes.every(isAppRoute)).toBe(true);
    expect(new RegExp(routes.adminPage.regex).test('/admin/page-21')).toBe(true);
    expect(new RegExp(routes.adminPage.regex).test('/admin/page-0')).toBe(false);
  });

  it('places pages in folders', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/about')).toBe('about/index.html');
  });
});

describe('the hosts’ files', () => {
  it('_redirects: pages to their folders, every app route (with and without a slash) to the shell, nothing else', () => {
    const rules = renderRedirects(routes)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(/\s+/));
    expect(rules).toContainEqual(['/about', '/about/', '200']);
    expect(rules).toContainEqual(['/marketing/seo/', '/app-shell/', '200']);
    expect(rules).toContainEqual(['/admin/:page', '/app-shell/', '200']);
    expect(rules.every(([, , status]) => status === '200')).toBe(true);
    expect(rules).toContainEqual(['/blog/:blog', '/app-shell/', '200']);
    expect(rules).toContainEqual(['/blog/:blog/:item/', '/app-shell/', '200']);
    expect(rules).toHaveLength(routes.prerendered.length - 1 + routes.appRoutes.length * 2 + 2 + 4);
  });

  it('_headers: the security headers everywhere, immutable caching under /assets/ only', () => {
    const text = renderHeaders(headers);
    expect(text).toContain(`/*\n  Content-Security-Policy: ${headers['Content-Security-Policy']}\n`);
    expect(text).toContain("connect-src 'self' https://abcdefghij.supabase.co wss://abcdefghij.supabase.co");
    expect(text).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable\n$/);
  });

  it('vercel.json: the same rewrites, the admin page number as a path-to-regexp parameter', () => {
    const config = JSON.parse(renderVercel(routes, headers)) as { rewrites: { source: string; destination: string }[] };
    expect(config.rewrites).toContainEqual({ source: '/roi', destination: '/roi/index.html' });
    expect(config.rewrites).toContainEqual({ source: '/admin/:page(page-[1-9][0-9]{0,4})', destination: '/app-shell/index.html' });
    expect(config.rewrites).toContainEqual({ source: '/blog/:blog([a-z0-9-]+)/:item([a-z0-9-]+)', destination: '/app-shell/index.html' });
  });

  it('nginx: quoted regular expressions (braces inside), security headers repeated in every location', () => {
    const text = renderNginx(routes, headers);
    expect(text).toContain('admin/page-[1-9][0-9]{0,4})/?$" {');
    expect(text).toContain('location ~ "^/blog/[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)?/?$" {');
    const locations = text.match(/^ {4}location /gm)!.length;
    expect(text.match(/add_header X-Frame-Options "SAMEORIGIN" always;/g)).toHaveLength(locations);
  });
});
