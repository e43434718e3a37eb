import { personaliseEmail, type RenderedEmail } from '../../../../src/lib/email-template/render-email';
import type { MergeValues } from '../../../../src/lib/email-template/merge-fields';
import { SendError, type MailTransport } from '../../lib/mailer';
import { messagePlaceholders, unsubscribeHeaders, type MessageTracking } from './email-links';

/** A delivery claimed for sending: its row's identity, its token and the contact's merge values. */
/** A message's content and its workspace's sender, as the database functions that claim one return them. */
export interface EmailContentRow {
  subject: string;
  preheader: string;
  blocks: unknown;
  workspace_name: string;
  from_name: string | null;
  from_email: string | null;
  reply_to: string | null;
}

export interface ClaimedDelivery {
  id: string;
  email: string;
  token: string;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  job_title: string | null;
}

/** How a delivery ended, as private.finish_email_deliveries takes it. */
export interface DeliveryOutcome {
  id: string;
  outcome: 'sent' | 'failed' | 'retry' | 'unconfirmed';
  response: string;
  message_id: string;
}

export interface Sender {
  from: { name: string; address: string } | undefined;
  replyTo: string | undefined;
  workspaceName: string;
}

/** A delivery's stable Message-ID: the same on every attempt (decision 0020). */
export function deliveryMessageId(delivery: Pick<ClaimedDelivery, 'id' | 'created_at'>, domain: string): string {
  return `<d${delivery.id}.${delivery.created_at.getTime()}@${domain}>`;
}

/**
 * Sends one delivery of a rendered message through the mail transport: personalised, with its List-Unsubscribe
 * headers, its Message-ID and the exactly-once marker committed before the final dot (`markDataComplete`). Never
 * throws: the outcome says what the row becomes — sent; failed (a 5xx refusal); retry (a 4xx refusal, or nothing
 * sent: another attempt may go out); unconfirmed (after the final dot, no answer: never sent again).
 */
export async function sendDelivery(options: {
  mail: MailTransport;
  rendered: RenderedEmail;
  delivery: ClaimedDelivery;
  sender: Sender;
  publicUrl: string;
  tracking: MessageTracking;
  kind: string;
  markDataComplete: () => Promise<void>;
}): Promise<DeliveryOutcome> {
  const { mail, rendered, delivery } = options;
  const values: MergeValues = {
    first_name: delivery.first_name,
    last_name: delivery.last_name,
    email: delivery.email,
    company: delivery.company,
    job_title: delivery.job_title,
    workspace_name: options.sender.workspaceName,
  };
  const placeholders = messagePlaceholders(options.publicUrl, delivery.token, rendered.links, options.tracking);
  const message = personaliseEmail(rendered, values, placeholders);
  const messageId = deliveryMessageId(delivery, mail.fromDomain ?? 'localhost');
  try {
    const result = await mail.deliver(
      {
        kind: options.kind,
        to: delivery.email,
        subject: message.subject,
        text: message.text,
        html: message.html,
        link: placeholders.unsubscribeUrl,
        from: options.sender.from,
        replyTo: options.sender.replyTo,
        messageId,
        headers: unsubscribeHeaders(placeholders.unsubscribeUrl),
      },
      { beforeFinalDot: options.markDataComplete, outbox: mail.smtpConfigured === false },
    );
    return { id: delivery.id, outcome: 'sent', response: result?.response ?? 'written to the outbox (no SMTP server configured)', message_id: messageId };
  } catch (error) {
    if (error instanceof SendError) {
      const { failure } = error;
      const outcome = failure.kind === 'ambiguous' ? 'unconfirmed' : failure.kind === 'refused' && failure.permanent ? 'failed' : 'retry';
      return { id: delivery.id, outcome, response: failure.response, message_id: messageId };
    }
    return { id: delivery.id, outcome: 'retry', response: error instanceof Error ? error.message : String(error), message_id: messageId };
  }
}

/** The sender of a workspace's messages: its name and address when set, else the server's SMTP_FROM. */
export function workspaceSender(settings: { from_name: string | null; from_email: string | null; reply_to: string | null; workspace_name: string }): Sender {
  return {
    from: settings.from_email ? { name: settings.from_name ?? settings.workspace_name, address: settings.from_email } : undefined,
    replyTo: settings.reply_to ?? undefined,
    workspaceName: settings.workspace_name,
  };
}
