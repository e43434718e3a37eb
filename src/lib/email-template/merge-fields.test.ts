import { describe, expect, it } from 'vitest';
import { fillMergeFields, unknownMergeFields } from './merge-fields';

const placeholders = { unsubscribeUrl: 'https://s/e/u/T?a=1&b=2', openPixel: '<img src="p">', link: (n: number) => `https://s/e/c/T/${n}` };

describe('fillMergeFields', () => {
  it.each([
    ['Hi {{first_name}}', { first_name: 'Ann' }, 'text', 'Hi Ann'],
    ['Hi {{first_name|there}}', {}, 'text', 'Hi there'],
    ['Hi {{ first_name | there }}', { first_name: '  ' }, 'text', 'Hi there'],
    ['Hi {{full_name}}', { first_name: 'Ann', last_name: 'Lee' }, 'text', 'Hi Ann Lee'],
    ['Hi {{first_name}}', { first_name: '<b>Ann</b>' }, 'html', 'Hi &lt;b&gt;Ann&lt;/b&gt;'],
    ['{{first_name}}', { first_name: 'Eve\r\nBcc: x@y.z' }, 'header', 'Eve Bcc: x@y.z'],
    ['{{first_name}}', { first_name: 'Eve\r\nBcc: x@y.z' }, 'text', 'Eve Bcc: x@y.z'],
    ['{{first_name}}', { first_name: '{{email}}', email: 'a@b.c' }, 'text', '{{email}}'],
    ['{{nickname|pal}}', { first_name: 'Ann' }, 'text', 'pal'],
    ['{{nickname}}', {}, 'text', ''],
    ['<a href="{{@unsubscribe}}">', {}, 'html', '<a href="https://s/e/u/T?a=1&amp;b=2">'],
    ['{{@link:2}}', {}, 'text', 'https://s/e/c/T/2'],
    ['x{{@open}}', {}, 'html', 'x<img src="p">'],
    ['x{{@open}}', {}, 'text', 'x'],
  ] as const)('%s with %j (%s) → %s', (source, values, mode, expected) => {
    expect(fillMergeFields(source, values, mode, placeholders)).toBe(expected);
  });
});

describe('unknownMergeFields', () => {
  it('names fields that are not merge fields, once each', () => {
    expect(unknownMergeFields('{{first_name}} {{nick}} {{nick|x}} {{@open}} {{company}}')).toEqual(['nick']);
  });
});
