import { describe, expect, it } from 'vitest';
import {
  contentFormValues,
  contentItemInput,
  featuredAssetRefusal,
  emptyContentForm,
  isHttpUrl,
  parseTags,
  seoLengthHint,
  tagsToText,
  validateContentForm,
  type ContentItem,
} from '@/features/content/utils/content-form';

describe('parseTags', () => {
  it('splits comma-separated text and trims each tag', () => {
    expect(parseTags('seo,  launch , how-to')).toEqual(['seo', 'launch', 'how-to']);
  });

  it('drops empty entries: doubled, leading and trailing commas, blanks', () => {
    expect(parseTags(',seo,, ,launch,')).toEqual(['seo', 'launch']);
  });

  it('gives no tags for empty or blank text', () => {
    expect(parseTags('')).toEqual([]);
    expect(parseTags('  ,  ')).toEqual([]);
  });

  it('keeps spaces inside a tag and the case as typed', () => {
    expect(parseTags('Product Launch, SEO')).toEqual(['Product Launch', 'SEO']);
  });
});

describe('tagsToText', () => {
  it('shows tags back as comma-separated text', () => {
    expect(tagsToText(['seo', 'launch'])).toBe('seo, launch');
    expect(tagsToText([])).toBe('');
    expect(tagsToText(null)).toBe('');
  });

  it('round-trips with parseTags', () => {
    expect(parseTags(tagsToText(['a b', 'c']))).toEqual(['a b', 'c']);
  });
});

describe('isHttpUrl', () => {
  it.each(['https://example.com/a.jpg', 'http://cdn.example.com/x?y=1', 'HTTPS://EXAMPLE.COM'])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each(['example.com/a.jpg', 'ftp://example.com/a', 'javascript:alert(1)', 'https://exa mple.com', 'https://', ''])('refuses %s', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
});

const stored: ContentItem = {
  id: 'c1',
  organization_id: 'org-1',
  user_id: 'user-1',
  title: 'Launch post',
  slug: 'launch-post',
  content_type: 'blog_post',
  status: 'review',
  content: 'Body',
  excerpt: null,
  featured_image_url: 'https://example.com/a.jpg',
  featured_asset_id: null,
  tags: ['seo', 'launch'],
  seo_title: null,
  seo_description: 'Meta',
  created_at: '2026-06-01T00:00:00+00:00',
  updated_at: '2026-06-01T00:00:00+00:00',
  planned_publish_at: null,
  published_at: null,
  publish_on_schedule: false,
};

describe('contentFormValues', () => {
  it('a new item starts as an article in draft, every text empty', () => {
    expect(contentFormValues(null)).toEqual({
      title: '',
      contentType: 'article',
      status: 'draft',
      content: '',
      excerpt: '',
      featuredImageUrl: '',
      featuredAssetId: null,
      tags: '',
      seoTitle: '',
      seoDescription: '',
      plannedPublishAt: '',
      publishOnSchedule: false,
    });
  });

  it('an edited item shows its values, null as empty and tags as text', () => {
    expect(contentFormValues(stored)).toEqual({
      title: 'Launch post',
      contentType: 'blog_post',
      status: 'review',
      content: 'Body',
      excerpt: '',
      featuredImageUrl: 'https://example.com/a.jpg',
      featuredAssetId: null,
      tags: 'seo, launch',
      seoTitle: '',
      seoDescription: 'Meta',
      plannedPublishAt: '',
      publishOnSchedule: false,
    });
  });
});

describe('validateContentForm', () => {
  it('requires only the title', () => {
    expect(validateContentForm(emptyContentForm())).toEqual({ title: 'Title is required' });
    expect(validateContentForm({ ...emptyContentForm(), title: '   ' })).toEqual({ title: 'Title is required' });
    expect(validateContentForm({ ...emptyContentForm(), title: 'Hello' })).toEqual({});
  });

  it('checks the featured image URL when one is given', () => {
    const values = { ...emptyContentForm(), title: 'x', featuredImageUrl: 'example.com/a.jpg' };
    expect(validateContentForm(values)).toEqual({ featuredImageUrl: 'Enter a valid URL starting with http:// or https://' });
    expect(validateContentForm({ ...values, featuredImageUrl: ' https://example.com/a.jpg ' })).toEqual({});
  });

  it('allows up to 50 tags, as the database does', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, index) => `t${index}`).join(',');
    expect(validateContentForm({ ...emptyContentForm(), title: 'x', tags: tags(50) })).toEqual({});
    expect(validateContentForm({ ...emptyContentForm(), title: 'x', tags: tags(51) })).toEqual({ tags: 'Use at most 50 tags' });
  });

  it('allows tags of up to 50 characters, as the database does, and names the first longer one', () => {
    const values = { ...emptyContentForm(), title: 'x' };
    expect(validateContentForm({ ...values, tags: `seo, ${'a'.repeat(50)}` })).toEqual({});
    expect(validateContentForm({ ...values, tags: `seo, ${'b'.repeat(51)}, ${'c'.repeat(60)}` })).toEqual({
      tags: `Keep each tag to 50 characters or fewer ("${'b'.repeat(20)}…" is longer)`,
    });
  });

  it('refuses to schedule publishing at a moment already past (it would publish at once), unless the moment is the one it had', () => {
    const now = new Date(2026, 10, 23, 12, 30, 45);
    const values = { ...emptyContentForm(), title: 'x', publishOnSchedule: true };
    const error = { plannedPublishAt: 'To publish automatically, choose a moment from now on: a moment in the past would publish it at once.' };
    expect(validateContentForm({ ...values, plannedPublishAt: '2026-11-23T12:30' }, undefined, now)).toEqual({});
    expect(validateContentForm({ ...values, plannedPublishAt: '2026-11-23T12:29' }, undefined, now)).toEqual(error);
    // Only a plan, or already published: no schedule, no refusal.
    expect(validateContentForm({ ...values, plannedPublishAt: '2026-11-22T09:00', publishOnSchedule: false }, undefined, now)).toEqual({});
    expect(validateContentForm({ ...values, plannedPublishAt: '2026-11-22T09:00', status: 'published' }, undefined, now)).toEqual({});
    // An item whose scheduled moment has passed (no worker published it) is still saved as long as the moment stays.
    const overdue = { ...values, plannedPublishAt: '2026-11-22T09:00' };
    expect(validateContentForm({ ...overdue, excerpt: 'edited' }, overdue, now)).toEqual({});
    expect(validateContentForm({ ...overdue, plannedPublishAt: '2026-11-21T09:00' }, overdue, now)).toEqual(error);
    expect(validateContentForm(overdue, { ...overdue, publishOnSchedule: false }, now)).toEqual(error);
  });
});

describe('seoLengthHint', () => {
  it.each([
    [0, 60, '0/60 characters recommended', false],
    [60, 60, '60/60 characters recommended', false],
    [61, 60, '61/60 characters recommended', true],
    [161, 160, '161/160 characters recommended', true],
  ])('%i of %i → %s, over: %s', (length, recommended, text, isOver) => {
    expect(seoLengthHint(length, recommended)).toEqual({ text, isOver });
  });
});

describe('contentItemInput', () => {
  it('trims the title and the URL, sends blank optional fields as null, parses the tags', () => {
    expect(
      contentItemInput({
        title: '  Launch post ',
        contentType: 'video',
        status: 'published',
        content: '  Indented body\n',
        excerpt: '   ',
        featuredImageUrl: ' https://example.com/a.jpg ',
        featuredAssetId: null,
        tags: 'seo, , launch',
        seoTitle: '',
        seoDescription: ' Meta ',
        plannedPublishAt: '2026-03-05T07:45',
        publishOnSchedule: true,
      }),
    ).toEqual({
      title: 'Launch post',
      content_type: 'video',
      status: 'published',
      content: '  Indented body\n',
      excerpt: null,
      featured_image_url: 'https://example.com/a.jpg',
      featured_asset_id: null,
      tags: ['seo', 'launch'],
      seo_title: null,
      seo_description: 'Meta',
      planned_publish_at: new Date(2026, 2, 5, 7, 45).toISOString(),
      // Already published: nothing left to publish on schedule.
      publish_on_schedule: false,
    });
  });

  it.each([
    ['a draft with a date', 'draft', '2026-03-05T07:45', true, true],
    ['a draft without a date', 'draft', '', true, false],
    ['an item in review with a date, switched off', 'review', '2026-03-05T07:45', false, false],
    ['an archived item', 'archived', '2026-03-05T07:45', true, false],
  ] as const)('publishes automatically: %s → %s', (_case, status, plannedPublishAt, publishOnSchedule, expected) => {
    expect(contentItemInput({ ...contentFormValues(null), title: 'x', status, plannedPublishAt, publishOnSchedule }).publish_on_schedule).toBe(expected);
  });

  it('sends the library asset with its address, and none when the address was cleared', () => {
    const chosen = { ...contentFormValues(null), title: 'x', featuredImageUrl: 'http://host/storage/v1/object/public/asset-public/w/a/v/variants/w1280.webp', featuredAssetId: 'a' };
    expect(contentItemInput(chosen)).toMatchObject({ featured_asset_id: 'a', featured_image_url: chosen.featuredImageUrl });
    expect(contentItemInput({ ...chosen, featuredImageUrl: '  ' })).toMatchObject({ featured_asset_id: null, featured_image_url: null });
  });

  it('refuses an impossible planned date by its field, and sends no plan as null', () => {
    expect(validateContentForm({ ...contentFormValues(null), title: 'x', plannedPublishAt: '2026-02-30T10:00' })).toEqual({
      plannedPublishAt: 'Enter a date and time between 2000 and 2099, or leave it empty',
    });
    expect(contentItemInput({ ...contentFormValues(null), title: 'x' }).planned_publish_at).toBeNull();
  });

  it('round-trips a stored row (edit without changes sends what is stored)', () => {
    const input = contentItemInput(contentFormValues(stored));
    expect(input).toEqual({
      title: stored.title,
      content_type: stored.content_type,
      status: stored.status,
      content: stored.content,
      excerpt: stored.excerpt,
      featured_image_url: stored.featured_image_url,
      featured_asset_id: stored.featured_asset_id,
      tags: stored.tags,
      seo_title: stored.seo_title,
      seo_description: stored.seo_description,
      planned_publish_at: stored.planned_publish_at,
      publish_on_schedule: stored.publish_on_schedule,
    });
  });
});

describe('featuredAssetRefusal', () => {
  it('passes on the database’s words about a featured image from the library, nothing else', () => {
    expect(featuredAssetRefusal({ code: 'P0001', details: 'featured_asset_not_approved', message: 'Only an approved asset can be a featured image.' })).toBe('Only an approved asset can be a featured image.');
    expect(featuredAssetRefusal({ code: 'P0001', details: 'other', message: 'x' })).toBeNull();
    expect(featuredAssetRefusal({ code: '42501', details: 'featured_asset_not_approved', message: 'x' })).toBeNull();
    expect(featuredAssetRefusal(null)).toBeNull();
  });
});
