import { escapeHtml } from '../../lib/escape-html';
import { headerSafe } from './invitation-email';
import { bodySafe } from './new-lead-email';

export interface AutomationNoticeInput {
  /** "<workflow>: <contact>", as the in-app notice's title. */
  title: string;
  /** The step's notice (may be empty). */
  body: string;
  /** `<SITE_URL>/contacts`: where the member finds the contact. */
  link: string;
}

/**
 * A workflow's "notify a team member" step by e-mail (issue 29): the in-app notice's title as the subject, its text
 * and a link to the workspace's contacts. Plain text is the source; the HTML part is that text escaped.
 */
export function composeAutomationNotice(input: AutomationNoticeInput): { subject: string; text: string; html: string } {
  const subject = headerSafe(input.title, 150);
  const message = bodySafe(input.body).trim();
  const text = `${message ? `${message}\n\n` : ''}A workflow notified you about a contact: ${input.link}\n`;
  const paragraphs = message ? message.split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`) : [];
  const link = escapeHtml(input.link);
  const html = [...paragraphs, `<p>A workflow notified you about a contact: <a href="${link}">${link}</a></p>`].join('\n');
  return { subject, text, html: `${html}\n` };
}
