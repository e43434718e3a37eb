import { describe, expect, it } from 'vitest';
import { contentStatusBadge, contentTypeLabel, excerptPreview } from '@/features/content/utils/content-display';

describe('contentStatusBadge', () => {
  it.each([
    ['published', 'Published', 'green'],
    ['draft', 'Draft', 'grey'],
    ['review', 'In Review', 'yellow'],
    ['archived', 'Archived', 'red'],
  ])('%s → %s, %s', (status, label, variant) => {
    expect(contentStatusBadge(status)).toEqual({ label, variant });
  });

  it('shows an unknown status as it is, neutral', () => {
    expect(contentStatusBadge('scheduled')).toEqual({ label: 'scheduled', variant: 'outline' });
  });
});

describe('contentTypeLabel', () => {
  it('labels the spec values and keeps anything else', () => {
    expect(contentTypeLabel('blog_post')).toBe('Blog Post');
    expect(contentTypeLabel('case_study')).toBe('Case Study');
    expect(contentTypeLabel('podcast')).toBe('podcast');
  });
});

describe('excerptPreview', () => {
  it('keeps up to 100 characters and cuts the rest', () => {
    expect(excerptPreview('a'.repeat(100))).toBe('a'.repeat(100));
    expect(excerptPreview('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
    expect(excerptPreview(null)).toBe('');
  });
});
