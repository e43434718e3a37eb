import { describe, expect, it } from 'vitest';
import { personaliseEmail, renderEmail } from './render-email';

const content = {
  subject: 'News for {{first_name|you}}',
  preheader: 'This month',
  blocks: [
    { type: 'heading' as const, text: 'Hello {{first_name|there}}' },
    { type: 'text' as const, markdown: 'Read **this** <script>x</script> [here](https://example.com/a?b=1&c=2) or [not](javascript:alert(1))' },
    { type: 'columns' as const, columns: [[{ type: 'button' as const, label: 'Shop', href: 'https://example.com/shop' }], [{ type: 'image' as const, src: 'https://img.example/x.png', alt: 'A chair', href: 'https://example.com/a?b=1&c=2' }]] as never },
    { type: 'divider' as const },
  ],
};
const placeholders = { unsubscribeUrl: 'https://s/e/u/TOKEN', openPixel: '<img src="https://s/e/o/TOKEN">', link: (n: number) => `https://s/e/c/TOKEN/${n}` };

describe('renderEmail', () => {
  const rendered = renderEmail({ content, workspaceName: 'Acme', reason: 'You subscribed.' });

  it('numbers each distinct link of the message once, the unsubscribe link apart', () => {
    expect(rendered.links).toEqual(['https://example.com/a?b=1&c=2', 'https://example.com/shop']);
    expect(rendered.html).toContain('href="{{@link:0}}"');
    expect(rendered.html).toContain('href="{{@unsubscribe}}"');
    expect(rendered.html).not.toContain('rel="preload"');
  });

  it('shows raw HTML of a text block as text, and drops links that are not http(s) or mailto', () => {
    expect(rendered.html).toContain('&lt;script&gt;');
    expect(rendered.html).not.toMatch(/<script|href="javascript/);
  });

  it('stacks the two columns on a phone (media query) and writes the plain-text part from the blocks', () => {
    expect(rendered.html).toMatch(/@media only screen and \(max-width: 620px\)[\s\S]*\.bb-col \{ display: block !important/);
    expect(rendered.text).toContain('Read this <script>x</script> here (https://example.com/a?b=1&c=2)');
    expect(rendered.text).toContain('Shop: https://example.com/shop');
    expect(rendered.text).toContain('[A chair] https://example.com/a?b=1&c=2');
    expect(rendered.text).toMatch(/--\nYou subscribed\. Sent by Acme\. Unsubscribe: \{\{@unsubscribe\}\}\n$/);
  });

  it('titles the document with its subject, personalised like the rest (what a screen reader announces)', () => {
    expect(rendered.html).toContain('<title>News for {{first_name|you}}</title>');
    const mine = personaliseEmail(rendered, { first_name: '<Ann>' }, placeholders);
    expect(mine.html).toContain('<title>News for &lt;Ann&gt;</title>');
  });

  it('personalises per recipient: escaped values in HTML, tracked links, the pixel, one-line subject', () => {
    const message = personaliseEmail(rendered, { first_name: 'Ann <3' }, placeholders);
    expect(message.subject).toBe('News for Ann <3');
    expect(message.html).toContain('Hello Ann &lt;3');
    expect(message.html).toContain('href="https://s/e/c/TOKEN/1"');
    expect(message.html).toContain('<img src="https://s/e/o/TOKEN">');
    expect(message.text).toContain('Unsubscribe: https://s/e/u/TOKEN');
    expect(personaliseEmail(rendered, {}, placeholders).subject).toBe('News for you');
  });
});
