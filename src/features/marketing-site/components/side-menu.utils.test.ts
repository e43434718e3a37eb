import { describe, expect, it } from 'vitest';
import { adminMenu, isExternalHref, siteMenuLinks } from './side-menu.utils';

describe('isExternalHref', () => {
  it.each([
    ['/', false],
    ['/portfolio', false],
    ['https://example.com', true],
    ['HTTP://example.com', true],
    ['mailto:hello@example.com', true],
    ['javascript:alert(1)', false],
  ])('%s → %s', (href, expected) => {
    expect(isExternalHref(href)).toBe(expected);
  });
});

describe('siteMenuLinks', () => {
  it('orders by sort_order, keeping ties as stored, and keys by id', () => {
    const links = siteMenuLinks([
      { id: '3', name: 'C', href: '/c', sort_order: 2 },
      { id: '1', name: 'A', href: '/a', sort_order: 1 },
      { id: '2', name: 'B', href: '/b', sort_order: 2 },
    ]);
    expect(links.map((link) => [link.key, link.label])).toEqual([
      ['1', 'A'],
      ['3', 'C'],
      ['2', 'B'],
    ]);
  });
});

describe('adminMenu', () => {
  const pages = [
    { number: 2, title: 'Page 2', path: '/admin/page-2' },
    { number: 1, title: 'THE TEST LAB', path: '/admin/page-1' },
  ];

  it('is nothing for anyone but a confirmed site admin', () => {
    expect(adminMenu(false, pages)).toBeNull();
  });

  it('orders the pages by number and marks page 1', () => {
    const menu = adminMenu(true, pages)!;
    expect(menu.dashboard.href).toBe('/admin');
    expect(menu.administrator.href).toBe('/admin/administrator');
    expect(menu.pages.map((page) => [page.label, page.href, page.isTestLab])).toEqual([
      ['THE TEST LAB', '/admin/page-1', true],
      ['Page 2', '/admin/page-2', false],
    ]);
  });
});
