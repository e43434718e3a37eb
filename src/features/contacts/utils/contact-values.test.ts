import { describe, expect, it } from 'vitest';
import { joinTags, splitTags } from './contact-values';

describe('splitTags', () => {
  it.each([
    ['vip, Q4 event; newsletter', ['vip', 'Q4 event', 'newsletter']],
    ['vip, VIP ,  q4 event,', ['vip', 'q4 event']],
    // Mailchimp's TAGS cell: every tag quoted, commas between; a comma inside quotes belongs to the tag.
    ['"Customer","VIP, Gold"', ['Customer', 'VIP, Gold']],
    ['"Customer", "Said ""hi"""', ['Customer', 'Said "hi"']],
    ['"Newsletter"', ['Newsletter']],
    // Google Contacts' Labels: ' ::: ' between, system groups start with *.
    ['Clients ::: * myContacts ::: VIP', ['Clients', 'VIP']],
    // A quote inside a tag is an ordinary character.
    ['27" monitor, desk', ['27" monitor', 'desk']],
    ['"*starred", *system', ['*starred']],
    ['', []],
    ['  ,  ; ', []],
  ])('%j → %j', (text, tags) => {
    expect(splitTags(text)).toEqual(tags);
  });
});

describe('joinTags', () => {
  it('writes tags as the form shows them, and splitTags reads them back unchanged', () => {
    const tags = ['vip', 'VIP, Gold', 'Said "hi"', 'a;b', 'x ::: y', '*starred', 'Q4 event'];
    expect(joinTags(tags)).toBe('vip, "VIP, Gold", "Said ""hi""", "a;b", "x ::: y", "*starred", Q4 event');
    expect(splitTags(joinTags(tags))).toEqual(tags);
  });
});
