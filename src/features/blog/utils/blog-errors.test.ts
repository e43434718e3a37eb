import { describe, expect, it } from 'vitest';
import { blogSlugMessages } from '@/config/blog-copy';
import { blogSlugErrorMessage, blogUrl } from '@/features/blog/utils/blog-errors';

describe('blogSlugErrorMessage', () => {
  it.each([
    [{ code: '23505', message: 'duplicate key value violates unique constraint "workspace_blogs_slug_key"' }, blogSlugMessages.taken],
    [{ code: '23514', message: 'new row for relation "workspace_blogs" violates check constraint "workspace_blogs_slug_reserved"' }, blogSlugMessages.reserved],
    [{ code: '23514', message: 'new row for relation "workspace_blogs" violates check constraint "workspace_blogs_slug_format"' }, blogSlugMessages.format],
    [{ code: '42501', message: 'new row violates row-level security policy' }, blogSlugMessages.not_owner],
    [{ code: '23505', message: 'duplicate key value violates unique constraint "workspace_blogs_pkey"' }, undefined],
    [{ code: 'PGRST301', message: 'JWT expired' }, undefined],
    [new Error('Failed to fetch'), undefined],
    [null, undefined],
  ])('%j → %s', (error, message) => {
    expect(blogSlugErrorMessage(error)).toBe(message);
  });

  it('builds the public address', () => {
    expect(blogUrl('https://www.example.com', 'northwind')).toBe('https://www.example.com/blog/northwind');
  });
});
