import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blogPageCount, checkBlogSlug, formatBlogDate, parseBlogPage, postMeta, RESERVED_BLOG_SLUGS } from '@/config/blog';

describe('checkBlogSlug', () => {
  it.each([
    ['northwind', 'northwind', undefined],
    ['  Northwind-Journal ', 'northwind-journal', undefined],
    ['a1-b2-c3', 'a1-b2-c3', undefined],
    ['', '', 'required'],
    ['   ', '', 'required'],
    ['ab', 'ab', 'too_short'],
    ['a'.repeat(41), 'a'.repeat(41), 'too_long'],
    ['has space', 'has space', 'format'],
    ['double--hyphen', 'double--hyphen', 'format'],
    ['-start', '-start', 'format'],
    ['end-', 'end-', 'format'],
    ['café', 'café', 'format'],
    ['under_score', 'under_score', 'format'],
    ['admin', 'admin', 'reserved'],
    ['Blog', 'blog', 'reserved'],
  ])('%j → %j %s', (input, slug, problem) => {
    expect(checkBlogSlug(input)).toEqual(problem ? { slug, problem } : { slug });
  });

  it('reserves the same words as the database', () => {
    const migration = readFileSync(path.resolve(__dirname, '../../supabase/migrations/20261128020000_create_workspace_blogs.sql'), 'utf8');
    const list = /array\[([\s\S]*?)\]::text\[\]/.exec(migration)![1]!;
    const words = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(words).toEqual([...RESERVED_BLOG_SLUGS]);
  });
});

describe('parseBlogPage and blogPageCount', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['12', 12],
    ['0', undefined],
    ['-1', undefined],
    ['01', undefined],
    ['1.5', undefined],
    ['two', undefined],
    ['1234567', undefined],
  ])('page %j → %j', (value, page) => {
    expect(parseBlogPage(value)).toBe(page);
  });

  it.each([[0, 1], [1, 1], [10, 1], [11, 2], [25, 3]])('%i posts → %i pages', (posts, pages) => {
    expect(blogPageCount(posts)).toBe(pages);
  });
});

describe('postMeta', () => {
  const post = { title: 'Launch notes', excerpt: 'What shipped.', seoTitle: null, seoDescription: null };
  it('uses the SEO fields when set, else the title and excerpt, else a sentence', () => {
    expect(postMeta(post, 'Acme')).toEqual({ title: 'Launch notes | Acme', description: 'What shipped.' });
    expect(postMeta({ ...post, seoTitle: 'Launch', seoDescription: 'All of it.' }, 'Acme')).toEqual({ title: 'Launch | Acme', description: 'All of it.' });
    expect(postMeta({ ...post, excerpt: '  ', seoTitle: ' ' }, 'Acme')).toEqual({ title: 'Launch notes | Acme', description: 'Launch notes, on Acme.' });
  });
});

describe('formatBlogDate', () => {
  it('gives the UTC day, whatever the reader’s zone', () => {
    expect(formatBlogDate('2026-03-01T23:30:00Z')).toBe('March 1, 2026');
    expect(formatBlogDate(new Date('2026-12-31T00:10:00Z'))).toBe('December 31, 2026');
  });
});
