import { escapeHtml } from '../../lib/escape-html';
import { headerSafe } from './invitation-email';
import { bodySafe } from './new-lead-email';

/**
 * A workflow's "send an e-mail" step (issue 29): the subject and text the step's author wrote, with the contact's
 * first name put in by the database when the step ran. Plain text is the source; the HTML part is that text escaped,
 * paragraph by paragraph. Only for e-mails queued before 20261128330100: inline steps are now deliveries of the Email
 * Platform (private.send_automation_email), with its unsubscribe link and headers.
 */
export function composeAutomationEmail(input: { subject: string; body: string }): { subject: string; text: string; html: string } {
  const subject = headerSafe(input.subject, 150);
  const text = `${bodySafe(input.body).trim()}\n`;
  const html = text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { subject, text, html: `${html}\n` };
}
