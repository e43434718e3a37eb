import { describe, expect, it } from 'vitest';
import { renderContentHtml } from './markdown-html';

describe('renderContentHtml', () => {
  it('renders nothing for no Markdown', () => {
    expect(renderContentHtml(null)).toBe('');
    expect(renderContentHtml('  \n ')).toBe('');
  });

  it.each([
    ['script', 'a<script>alert(1)</script>b', '<p>ab</p>\n'],
    ['event handler', '<b onclick="alert(1)">x</b>', '<p><b>x</b></p>\n'],
    ['javascript: link (Markdown)', '[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>\n'],
    ['javascript: link (HTML)', '<a href="javascript:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<p><a>x</a></p>\n'],
    ['protocol-relative link', '<a href="//evil.example">x</a>', '<p><a>x</a></p>\n'],
    ['iframe', '<iframe src="https://evil.example"></iframe>', ''],
    ['data: image', '<img src="data:image/png;base64,AAAA">', ''],
    ['svg', '<svg><script>alert(1)</script></svg>', '<p></p>\n'],
    ['style attribute', '<p style="position:fixed">x</p>', '<p>x</p>'],
    ['class other than a code language', '<span class="admin">x</span>', '<p><span>x</span></p>\n'],
  ])('removes a %s', (_name, markdown, html) => {
    expect(renderContentHtml(markdown)).toBe(html);
  });

  it('moves headings one level down (the page title is the h1) and loads images lazily', () => {
    expect(renderContentHtml('# A\n\n###### F')).toBe('<h2>A</h2>\n<h6>F</h6>\n');
    expect(renderContentHtml('![alt](https://img.example/a.png)')).toBe('<p><img src="https://img.example/a.png" alt="alt" loading="lazy" decoding="async" /></p>\n');
  });

  it('keeps mailto and https links, code languages and table alignment', () => {
    expect(renderContentHtml('[m](mailto:a@example.com) <https://example.com>')).toBe('<p><a href="mailto:a@example.com">m</a> <a href="https://example.com">https://example.com</a></p>\n');
    expect(renderContentHtml('```sql\nselect 1;\n```')).toBe('<pre><code class="language-sql">select 1;\n</code></pre>\n');
    expect(renderContentHtml('| a |\n|--:|\n| 1 |')).toContain('<th style="text-align:right">a</th>');
  });
});
