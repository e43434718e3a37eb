import { describe, expect, it } from 'vitest';
import { tagLinks, tagUrl, utmCampaignFor } from '@/features/social/utm-tags';

const post = 'ABCDEF12-3456-4789-8abc-def012345678';

describe('utmCampaignFor', () => {
  it('social- and the post id’s first 8 hex digits, in lower case', () => {
    expect(utmCampaignFor(post)).toBe('social-abcdef12');
  });
});

describe('tagUrl', () => {
  it('adds source = network, medium = social, campaign = the post’s, after the URL’s own parameters', () => {
    expect(tagUrl('https://example.com/pricing?plan=pro#faq', 'bluesky', post)).toBe('https://example.com/pricing?plan=pro&utm_source=bluesky&utm_medium=social&utm_campaign=social-abcdef12#faq');
  });
  it('keeps a URL the author tagged already (any utm_ parameter, any case)', () => {
    expect(tagUrl('https://example.com/?UTM_source=newsletter', 'mastodon', post)).toBe('https://example.com/?UTM_source=newsletter');
  });
});

describe('tagLinks', () => {
  it('tags every link of the text, leaves the words and the punctuation after a link alone', () => {
    expect(tagLinks('See https://a.example/x. And http://b.example!', 'mastodon', post)).toBe(
      'See https://a.example/x?utm_source=mastodon&utm_medium=social&utm_campaign=social-abcdef12. And http://b.example/?utm_source=mastodon&utm_medium=social&utm_campaign=social-abcdef12!',
    );
  });
  it('a text without links is unchanged', () => {
    expect(tagLinks('No links here', 'bluesky', post)).toBe('No links here');
  });
});
