import { readBlocks } from '../../../../src/lib/email-template/email-blocks';
import { personaliseEmail, renderEmail } from '../../../../src/lib/email-template/render-email';
import { SAMPLE_MERGE_VALUES } from '../../../../src/lib/email-template/merge-fields';
import type { Sql } from '../../db/client';
import type { EmailMessage } from '../../lib/mailer';
import { emailPaths, messagePlaceholders, unsubscribeHeaders } from '../email/email-links';
import { sanitizeEmailFragment } from '../email/sanitize-email-fragment';
import { workspaceSender, type EmailContentRow } from '../email/send-delivery';

interface TestSubject extends EmailContentRow {
  first_name: string | null;
  last_name: string | null;
}

/**
 * "Send a test to yourself": the campaign's or template's message as its recipients get it (the workspace's sender,
 * its List-Unsubscribe headers), filled with the sender's own name and sample values, marked [Test] in the subject.
 * Nothing is tracked; its unsubscribe link leads to a page saying it was a test. Null when the content is gone.
 */
export async function composeEmailTest(sql: Sql, payload: Record<string, unknown>, to: string, publicUrl: string): Promise<EmailMessage | null> {
  const workspaceId = typeof payload.workspace_id === 'string' ? payload.workspace_id : null;
  const campaignId = typeof payload.campaign_id === 'string' ? payload.campaign_id : null;
  const templateId = typeof payload.template_id === 'string' ? payload.template_id : null;
  const userId = typeof payload.user_id === 'string' ? payload.user_id : null;
  if (!workspaceId || (!campaignId && !templateId)) return null;
  const [subject] = await sql<TestSubject[]>`
    select c.subject, c.preheader, c.blocks, o.name as workspace_name, s.from_name, s.from_email, s.reply_to, p.first_name, p.last_name
    from (
      select subject, preheader, blocks, organization_id from public.email_campaigns where id = ${campaignId} and organization_id = ${workspaceId}
      union all
      select subject, preheader, blocks, organization_id from public.email_templates where id = ${templateId} and organization_id = ${workspaceId}
    ) c
    join public.organizations o on o.id = c.organization_id
    join public.email_settings s on s.organization_id = o.id
    left join public.profiles p on p.user_id = ${userId}
    limit 1`;
  if (!subject) return null;
  const rendered = renderEmail({
    content: { subject: subject.subject || '(no subject yet)', preheader: subject.preheader, blocks: readBlocks(subject.blocks) },
    workspaceName: subject.workspace_name,
    reason: 'This is a test you sent yourself.',
    sanitizeFragment: sanitizeEmailFragment,
  });
  const placeholders = messagePlaceholders(publicUrl, 'test', rendered.links, { opens: false, clicks: false });
  const message = personaliseEmail(rendered, { ...SAMPLE_MERGE_VALUES, first_name: subject.first_name ?? SAMPLE_MERGE_VALUES.first_name, last_name: subject.last_name ?? SAMPLE_MERGE_VALUES.last_name, email: to, workspace_name: subject.workspace_name }, placeholders);
  const sender = workspaceSender(subject);
  return {
    kind: 'email_test',
    to,
    subject: `[Test] ${message.subject}`,
    text: message.text,
    html: message.html,
    link: `${publicUrl}${emailPaths.unsubscribe('test')}`,
    from: sender.from,
    replyTo: sender.replyTo,
    headers: unsubscribeHeaders(placeholders.unsubscribeUrl),
  };
}
