import { paths } from '../../../../src/config/paths';
import type { Sql } from '../../db/client';
import type { EmailMessage } from '../../lib/mailer';
import { composeAutomationEmail } from './automation-email';
import { composeAutomationNotice } from './automation-notice-email';
import { composeEmailTest } from './email-test-message';
import { composeInvitationEmail } from './invitation-email';
import { composeLeadDigestEmail } from './lead-digest-email';
import { composeListConfirmationEmail } from './list-confirmation-email';
import { composeNewLeadEmail } from './new-lead-email';
import type { QueuedEmail } from './mail-queue';

export interface RenderContext {
  sql: Sql;
  /** The public address (SITE_URL): the base of links. */
  siteUrl: string;
  /** The base of e-mail links served by the server or the worker (EMAIL_PUBLIC_URL; default siteUrl). */
  publicUrl?: string;
}

/** Turns a queued row into the message to send, or null when it must not be sent any more (then cancelled). */
export type EmailRenderer = (email: QueuedEmail, context: RenderContext) => Promise<EmailMessage | null>;

interface PreparedInvitation {
  token: string;
  email: string;
  access_role: string;
  workspace_name: string;
  inviter_name: string | null;
  expires_at: Date;
}

/** 'workspace_invitation' {invitation_id}: mints the e-mail's own token now (no token ever waits in the queue). */
const workspaceInvitation: EmailRenderer = async (email, { sql, siteUrl }) => {
  const invitationId = email.payload.invitation_id;
  if (typeof invitationId !== 'string') return null;
  const [invitation] = await sql<PreparedInvitation[]>`select * from private.prepare_invitation_email(${invitationId})`;
  if (!invitation) return null;
  const link = `${siteUrl}${paths.invite(invitation.token)}`;
  const content = composeInvitationEmail({
    link,
    workspaceName: invitation.workspace_name,
    inviterName: invitation.inviter_name,
    accessRole: invitation.access_role,
    expiresAt: invitation.expires_at,
  });
  return { kind: email.kind, to: invitation.email, link, ...content };
};

interface PreparedLead {
  name: string;
  email: string;
  company: string | null;
  message: string;
  created_at: Date;
}

/** 'new_lead' {lead_id}: a contact-form message, read when it is sent (the queue holds only its id). */
const newLead: EmailRenderer = async (email, { sql, siteUrl }) => {
  const leadId = email.payload.lead_id;
  if (typeof leadId !== 'string') return null;
  const [lead] = await sql<PreparedLead[]>`select * from private.prepare_new_lead_email(${leadId})`;
  if (!lead) return null;
  const link = `${siteUrl}${paths.adminLeads}`;
  const content = composeNewLeadEmail({ link, name: lead.name, email: lead.email, company: lead.company, message: lead.message, receivedAt: lead.created_at });
  return { kind: email.kind, to: email.recipient, link, ...content };
};

interface PreparedConfirmation {
  token: string;
  email: string;
  first_name: string | null;
  list_name: string;
  workspace_name: string;
  expires_at: Date;
}

/** 'email_list_confirmation' {list_id, contact_id}: a double opt-in's link, minted now (no token waits in the queue). */
const listConfirmation: EmailRenderer = async (email, { sql, siteUrl }) => {
  const { list_id: listId, contact_id: contactId } = email.payload;
  if (typeof listId !== 'string' || typeof contactId !== 'string') return null;
  const [member] = await sql<PreparedConfirmation[]>`select * from private.prepare_email_confirmation(${listId}, ${contactId})`;
  if (!member) return null;
  const link = `${siteUrl}${paths.emailConfirm(member.token)}`;
  const content = composeListConfirmationEmail({ link, listName: member.list_name, workspaceName: member.workspace_name, firstName: member.first_name, expiresAt: member.expires_at });
  return { kind: email.kind, to: email.recipient, link, ...content };
};

/** 'email_test' {workspace_id, campaign_id | template_id, user_id}: a campaign or a template sent to oneself. */
const emailTest: EmailRenderer = (email, { sql, siteUrl, publicUrl }) => composeEmailTest(sql, email.payload, email.recipient, publicUrl ?? siteUrl);

/** 'new_lead_digest' {digest_id}: the leads of a digest (private.queue_due_lead_digests), read when it is sent. */
const newLeadDigest: EmailRenderer = async (email, { sql, siteUrl }) => {
  const digestId = email.payload.digest_id;
  if (typeof digestId !== 'number' || !Number.isSafeInteger(digestId)) return null;
  const leads = await sql<PreparedLead[]>`select * from private.prepare_lead_digest_email(${digestId})`;
  if (leads.length === 0) return null;
  const link = `${siteUrl}${paths.adminLeads}`;
  const content = composeLeadDigestEmail({ link, leads: leads.map((lead) => ({ ...lead, createdAt: lead.created_at })) });
  return { kind: email.kind, to: email.recipient, link, ...content };
};

/**
 * 'automation_email' {subject, body, enrollment_id, …}: a workflow's inline e-mail step queued before 20261128330100,
 * its text fixed when the step ran. Since then an inline step queues a delivery of the Email Platform instead
 * (private.send_automation_email: the workspace's sender, unsubscribe link and headers); this sends what is left.
 */
const automationEmail: EmailRenderer = async (email, { siteUrl }) => {
  const { subject, body } = email.payload;
  if (typeof subject !== 'string' || typeof body !== 'string') return null;
  return { kind: email.kind, to: email.recipient, link: siteUrl, ...composeAutomationEmail({ subject, body }) };
};

/** 'automation_notice' {title, body, …}: a workflow's notice to a member by e-mail, its text fixed when the step ran. */
const automationNotice: EmailRenderer = async (email, { siteUrl }) => {
  const { title, body } = email.payload;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  const link = `${siteUrl}${paths.contacts}`;
  return { kind: email.kind, to: email.recipient, link, ...composeAutomationNotice({ title, body, link }) };
};

/** Every kind the worker can send. A new kind: a renderer here, and a database function that enqueues it. */
export const emailKinds: Readonly<Record<string, EmailRenderer>> = {
  workspace_invitation: workspaceInvitation,
  new_lead: newLead,
  email_list_confirmation: listConfirmation,
  email_test: emailTest,
  new_lead_digest: newLeadDigest,
  automation_email: automationEmail,
  automation_notice: automationNotice,
};
