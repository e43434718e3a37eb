/** Value lists of content items (spec §3, §4); the database checks the same lists. */
export const contentTypes = [
  { value: 'article', label: 'Article' },
  { value: 'blog_post', label: 'Blog Post' },
  { value: 'case_study', label: 'Case Study' },
  { value: 'whitepaper', label: 'Whitepaper' },
  { value: 'video', label: 'Video' },
  { value: 'infographic', label: 'Infographic' },
] as const;

export const contentStatuses = [
  { value: 'draft', label: 'Draft', tone: 'grey' },
  { value: 'review', label: 'In Review', tone: 'yellow' },
  { value: 'published', label: 'Published', tone: 'green' },
  { value: 'archived', label: 'Archived', tone: 'red' },
] as const;

export type ContentType = (typeof contentTypes)[number]['value'];
export type ContentStatus = (typeof contentStatuses)[number]['value'];

export const CONTENT_DEFAULTS = { content_type: 'article', status: 'draft' } as const satisfies {
  content_type: ContentType;
  status: ContentStatus;
};

export const EXCERPT_PREVIEW_LENGTH = 100;
export const SEO_TITLE_HINT_LENGTH = 60;
export const SEO_DESCRIPTION_HINT_LENGTH = 160;
