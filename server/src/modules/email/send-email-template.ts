import type { Sql } from '../../db/client';

export type SendTemplateOutcome = 'queued' | 'already_queued' | 'suppressed' | 'no_address' | 'unknown_contact' | 'unknown_template';

export interface SendTemplateRequest {
  workspaceId: string;
  templateId: string;
  contactId: string;
  /** Makes the call idempotent, e.g. `automation:<run id>:<step>`: called again, it returns the first delivery. */
  requestKey: string;
}

/**
 * "Send this template to this contact" for the server's own jobs (the Automation Platform, issue 29): queues one
 * delivery (private.send_email_template), which the send_email_delivery job sends exactly once with the workspace's
 * sender, merge fields, unsubscribe headers and tracking. Suppressed addresses are not queued (and are checked again
 * when the message goes out). Call it inside the job's own transaction when the job records its progress there.
 */
export async function sendEmailTemplate(sql: Sql, request: SendTemplateRequest): Promise<{ deliveryId: string | null; outcome: SendTemplateOutcome }> {
  const [row] = await sql<{ delivery_id: string | null; outcome: SendTemplateOutcome }[]>`
    select delivery_id::text, outcome
    from private.send_email_template(${request.workspaceId}, ${request.templateId}, ${request.contactId}, ${request.requestKey})`;
  return { deliveryId: row!.delivery_id, outcome: row!.outcome };
}
