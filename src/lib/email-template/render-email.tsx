/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (the pragmas: the server runs this file through tsx, whose tsconfig does not cover src/)
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ColumnContent, EmailBlock, EmailContent } from './email-blocks';
import { emailMarkdownToHtml } from './email-markdown';
import { decodeEntities, emailPlainText } from './email-plain-text';
import { fillMergeFields, type MergeValues, type MessagePlaceholders } from './merge-fields';

/**
 * Blocks → a responsive HTML e-mail with react-email's components (tables and inline styles that mail programs
 * render; two columns stack on a phone through the media query below) and its plain-text part. Rendered once per
 * campaign with merge fields and placeholders left in; `personaliseEmail` fills them per recipient. The same code
 * renders the editor's preview in the browser and the message the worker sends, which also passes
 * `sanitizeFragment` (sanitize-html) for the HTML made from Markdown.
 */

export interface RenderEmailOptions {
  content: EmailContent;
  workspaceName: string;
  /** Why the recipient gets it ("You subscribed to Newsletter."). */
  reason?: string;
  sanitizeFragment?: (html: string) => string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** The message's links in order: `{{@link:n}}` stands for links[n] in the HTML. */
  links: string[];
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const RESPONSIVE = `
@media only screen and (max-width: 620px) {
  .bb-col { display: block !important; width: 100% !important; }
  img { max-width: 100% !important; height: auto !important; }
}
a { color: #2563eb; }
p { margin: 0 0 12px; }
`;

function BlockView({ block, sanitize }: { block: EmailBlock | ColumnContent; sanitize: (html: string) => string }) {
  switch (block.type) {
    case 'heading':
      return (
        <Heading as={block.level === 2 ? 'h2' : 'h1'} style={{ fontFamily: FONT, fontSize: block.level === 2 ? 20 : 26, lineHeight: 1.3, margin: '0 0 12px', color: '#111827' }}>
          {block.text}
        </Heading>
      );
    case 'text':
      return <div style={{ fontFamily: FONT, fontSize: 16, lineHeight: 1.6, color: '#1f2937', margin: '0 0 12px' }} dangerouslySetInnerHTML={{ __html: sanitize(emailMarkdownToHtml(block.markdown)) }} />;
    case 'image': {
      const image = <Img src={block.src} alt={block.alt ?? ''} width={block.width ?? 560} style={{ maxWidth: '100%', height: 'auto', margin: '0 auto 12px', borderRadius: 4 }} />;
      return block.href ? <Link href={block.href}>{image}</Link> : image;
    }
    case 'button':
      return (
        <Section style={{ margin: '8px 0 16px' }}>
          <Button href={block.href} style={{ backgroundColor: '#2563eb', color: '#ffffff', fontFamily: FONT, fontSize: 16, fontWeight: 600, padding: '12px 20px', borderRadius: 6, textDecoration: 'none' }}>
            {block.label}
          </Button>
        </Section>
      );
    case 'divider':
      return <Hr style={{ borderColor: '#e5e7eb', margin: '20px 0' }} />;
    case 'columns':
      return (
        <Row>
          {block.columns.map((column, index) => (
            <Column key={index} className="bb-col" style={{ width: '50%', verticalAlign: 'top', padding: index === 0 ? '0 8px 0 0' : '0 0 0 8px' }}>
              {column.map((inner, position) => (
                <BlockView key={position} block={inner} sanitize={sanitize} />
              ))}
            </Column>
          ))}
        </Row>
      );
  }
}

function EmailDocument({ content, workspaceName, reason, sanitize }: Required<Omit<RenderEmailOptions, 'sanitizeFragment'>> & { sanitize: (html: string) => string }) {
  return (
    <Html lang="en">
      <Head>
        {/* The subject as the document's title: what a screen reader announces when the message opens in a browser. */}
        <title>{content.subject}</title>
        <style>{RESPONSIVE}</style>
      </Head>
      {content.preheader ? <Preview>{content.preheader}</Preview> : null}
      <Body style={{ backgroundColor: '#f4f4f5', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: 24, borderRadius: 8 }}>
          {content.blocks.map((block, index) => (
            <BlockView key={index} block={block} sanitize={sanitize} />
          ))}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={{ fontFamily: FONT, fontSize: 12, lineHeight: 1.5, color: '#6b7280', margin: 0 }}>
            {`${reason ? `${reason} ` : ''}Sent by ${workspaceName}. `}
            <Link href="{{@unsubscribe}}" style={{ color: '#6b7280', textDecoration: 'underline' }}>
              Unsubscribe
            </Link>
          </Text>
          {'{{@open}}'}
        </Container>
      </Body>
    </Html>
  );
}

const INTERNAL = /^\{\{@/;

/** Numbers the document's links (`<a href>`): each distinct URL once, in order; hrefs become `{{@link:n}}`. */
function numberLinks(html: string): { html: string; links: string[] } {
  const links: string[] = [];
  const numbered = html.replace(/<a\s([^>]*?)href="([^"]*)"/g, (whole, before: string, href: string) => {
    if (INTERNAL.test(href)) return whole;
    const url = decodeEntities(href);
    let index = links.indexOf(url);
    if (index === -1) index = links.push(url) - 1;
    return `<a ${before}href="{{@link:${index}}}"`;
  });
  return { html: numbered, links };
}

/** React's resource hints (`<link rel="preload">` for images) mean nothing to a mail program. */
function withoutResourceHints(html: string): string {
  return html.replace(/<link rel="preload"[^>]*\/>/g, '');
}

export function renderEmail(options: RenderEmailOptions): RenderedEmail {
  const sanitize = options.sanitizeFragment ?? ((html: string) => html);
  const markup = renderToStaticMarkup(<EmailDocument content={options.content} workspaceName={options.workspaceName} reason={options.reason ?? ''} sanitize={sanitize} />);
  const { html, links } = numberLinks(withoutResourceHints(markup));
  const footer = `${options.reason ? `${options.reason} ` : ''}Sent by ${options.workspaceName}. Unsubscribe: {{@unsubscribe}}`;
  return {
    subject: options.content.subject,
    html: `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${html}`,
    text: emailPlainText(options.content.blocks, footer),
    links,
  };
}

/** One recipient's message: merge fields filled (escaped in HTML, one line in the subject) and placeholders set. */
export function personaliseEmail(rendered: RenderedEmail, values: MergeValues, placeholders: MessagePlaceholders): { subject: string; html: string; text: string } {
  return {
    subject: fillMergeFields(rendered.subject, values, 'header'),
    html: fillMergeFields(rendered.html, values, 'html', placeholders),
    text: fillMergeFields(rendered.text, values, 'text', placeholders),
  };
}
