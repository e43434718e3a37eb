import { describe, expect, it } from 'vitest';
import { splitTags } from './contact-values';

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
    ['', []],
    ['  ,  ; ', []],
  ])('%j → %j', (text, tags) => {
    expect(splitTags(text)).toEqual(tags);
  });
});
