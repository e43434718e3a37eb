import { useQuery } from '@tanstack/react-query';
import { emailCopy } from '@/config/email-copy';
import { emailKeys } from '@/features/email/api/keys';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface EmailSettings {
  from_name: string | null;
  from_email: string | null;
  reply_to: string | null;
  track_opens: boolean;
  track_clicks: boolean;
  per_minute_limit: number;
  error_threshold: number;
}

async function getEmailSettings(workspaceId: string): Promise<EmailSettings> {
  return unwrap(await supabase.from('email_settings').select('from_name, from_email, reply_to, track_opens, track_clicks, per_minute_limit, error_threshold').eq('organization_id', workspaceId).single())!;
}

export function useEmailSettings() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: emailKeys.settings(workspaceId ?? ''), queryFn: () => getEmailSettings(workspaceId!), enabled: workspaceId !== null });
}

async function saveEmailSettings(values: EmailSettings, workspaceId: string): Promise<void> {
  unwrap(await supabase.from('email_settings').update(values).eq('organization_id', workspaceId).select('organization_id').single());
}

export function useSaveEmailSettings() {
  return useEmailMutation({ mutationFn: saveEmailSettings, success: () => emailCopy.settings.saved, failure: emailCopy.settings.failed });
}

export interface WebhookSettings {
  endpoint_token: string;
  postmark_password: string;
  generic_secret: string;
  sendgrid_public_key: string | null;
  sns_topic_arn: string | null;
}

async function getWebhookSettings(workspaceId: string): Promise<WebhookSettings | null> {
  return (unwrap(await supabase.rpc('email_webhook_settings', { workspace_id: workspaceId })) ?? [])[0] ?? null;
}

/** The webhook endpoint and secrets: admins and owners only (others are not asked). */
export function useWebhookSettings(isAdmin: boolean) {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: emailKeys.webhooks(workspaceId ?? ''), queryFn: () => getWebhookSettings(workspaceId!), enabled: workspaceId !== null && isAdmin });
}

async function saveWebhookSettings(values: { sendgrid_public_key: string | null; sns_topic_arn: string | null; rotate: boolean }, workspaceId: string): Promise<void> {
  unwrap(await supabase.rpc('update_email_webhook_settings', { workspace_id: workspaceId, sendgrid_public_key: values.sendgrid_public_key ?? undefined, sns_topic_arn: values.sns_topic_arn ?? undefined, rotate: values.rotate }));
}

export function useSaveWebhookSettings() {
  return useEmailMutation({ mutationFn: saveWebhookSettings, success: () => emailCopy.settings.saved, failure: emailCopy.settings.failed });
}
