import { describe, expect, it } from 'vitest';
import { blankDraftKeys, changedNames, changedTitles, checkNewMenuItem, isMenuHref, newAdminPage, nextPageNumber, nextSortOrder } from './site-editor.utils';

const items = [
  { id: 'a', name: 'Home' },
  { id: 'b', name: 'Portfolio' },
  { id: 'c', name: 'About' },
];

describe('changedNames (renames sent only for changed trimmed names)', () => {
  it.each([
    ['no drafts', {}, []],
    ['a real rename', { b: 'Work' }, [{ id: 'b', name: 'Work' }]],
    ['the rename is sent trimmed', { b: '  Work  ' }, [{ id: 'b', name: 'Work' }]],
    ['a draft equal to the name', { b: 'Portfolio' }, []],
    ['a draft that only adds spaces', { b: ' Portfolio ' }, []],
    ['a change of case is a change', { b: 'portfolio' }, [{ id: 'b', name: 'portfolio' }]],
    ['several, in menu order', { c: 'Team', a: 'Start' }, [{ id: 'a', name: 'Start' }, { id: 'c', name: 'Team' }]],
    ['a draft for an item that no longer exists', { gone: 'X' }, []],
    ['a blank draft differs (the editor refuses it before sending)', { a: '  ' }, [{ id: 'a', name: '' }]],
  ])('%s', (_, drafts, expected) => {
    expect(changedNames(items, drafts)).toEqual(expected);
  });
});

describe('changedTitles (by page number)', () => {
  const pages = [
    { number: 1, title: 'THE TEST LAB' },
    { number: 2, title: 'Page 2' },
  ];
  it.each([
    ['no drafts', {}, []],
    ['a changed title, trimmed', { '2': ' Pricing ' }, [{ number: 2, title: 'Pricing' }]],
    ['an unchanged title with spaces', { '1': 'THE TEST LAB ' }, []],
    ['both', { '1': 'Lab', '2': 'Two' }, [{ number: 1, title: 'Lab' }, { number: 2, title: 'Two' }]],
    ['a page that is not listed', { '3': 'Three' }, []],
  ])('%s', (_, drafts, expected) => {
    expect(changedTitles(pages, drafts)).toEqual(expected);
  });
});

describe('blankDraftKeys', () => {
  it.each([
    [{}, []],
    [{ a: 'Home' }, []],
    [{ a: '', b: 'x', c: ' \t ' }, ['a', 'c']],
  ])('%j → %j', (drafts, expected) => {
    expect(blankDraftKeys(drafts)).toEqual(expected);
  });
});

describe('isMenuHref', () => {
  it.each([
    ['/', true],
    ['/contact', true],
    ['/admin/page-5?x=1#top', true],
    ['https://example.com', true],
    ['HTTP://example.com/a', true],
    ['mailto:hello@example.com', true],
    ['contact', false],
    ['/with space', false],
    ['javascript:alert(1)', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['ftp://example.com', false],
    ['https://', false],
  ])('%s → %s', (href, expected) => {
    expect(isMenuHref(href)).toBe(expected);
  });
});

describe('checkNewMenuItem', () => {
  it.each([
    ['name and URL', 'Contact', '/contact', { ok: true, item: { name: 'Contact', href: '/contact' } }],
    ['both trimmed', '  Contact ', ' /contact  ', { ok: true, item: { name: 'Contact', href: '/contact' } }],
    ['no name', '', '/contact', { ok: false, problem: 'incomplete' }],
    ['a blank name', '   ', '/contact', { ok: false, problem: 'incomplete' }],
    ['no URL', 'Contact', '', { ok: false, problem: 'incomplete' }],
    ['a blank URL', 'Contact', '  ', { ok: false, problem: 'incomplete' }],
    ['neither', '', '', { ok: false, problem: 'incomplete' }],
    ['a URL the menu cannot link to', 'Contact', 'contact', { ok: false, problem: 'invalid-href' }],
    ['an external address', 'Blog', 'https://blog.example.com', { ok: true, item: { name: 'Blog', href: 'https://blog.example.com' } }],
  ])('%s', (_, name, href, expected) => {
    expect(checkNewMenuItem(name, href)).toEqual(expected);
  });

  it('refuses a link the menu has already (after trimming), and accepts a new one', () => {
    const existing = ['/', '/portfolio', '/about', '/roi'];
    expect(checkNewMenuItem('Work', ' /portfolio ', existing)).toEqual({ ok: false, problem: 'duplicate-href' });
    expect(checkNewMenuItem('Work', '/portfolio/', existing)).toEqual({ ok: true, item: { name: 'Work', href: '/portfolio/' } });
    expect(checkNewMenuItem('', '/portfolio', existing)).toEqual({ ok: false, problem: 'incomplete' });
  });
});

describe('nextSortOrder (max + 1)', () => {
  it.each([
    ['the four defaults', [1, 2, 3, 4], 5],
    ['gaps and disorder', [7, 2, 10, 3], 11],
    ['an empty menu', [], 1],
    ['negative orders', [-3, -1], 1],
    ['duplicates', [2, 2], 3],
  ])('%s', (_, orders, expected) => {
    expect(nextSortOrder(orders.map((sort_order) => ({ sort_order })))).toBe(expected);
  });
});

describe('nextPageNumber and newAdminPage (max + 1, Page {n}, /admin/page-{n})', () => {
  it.each([
    ['the 20 defaults', Array.from({ length: 20 }, (_, index) => index + 1), 21],
    ['a gap is not filled', [1, 2, 5], 6],
    ['unordered', [21, 3, 22], 23],
    ['none', [], 1],
  ])('%s', (_, numbers, expected) => {
    const pages = numbers.map((number) => ({ number }));
    expect(nextPageNumber(pages)).toBe(expected);
    expect(newAdminPage(pages)).toEqual({ number: expected, title: `Page ${expected}`, path: `/admin/page-${expected}` });
  });
});
