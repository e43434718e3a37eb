import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookKeys } from '@/features/webhooks/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type WebhookEndpoint = Tables<'webhook_endpoints'>;

/** The workspace's endpoints, oldest first (everyone in the workspace reads them: origin, never the full URL). */
async function getWebhookEndpoints(workspaceId: string): Promise<WebhookEndpoint[]> {
  return unwrap(await supabase.from('webhook_endpoints').select('*').eq('organization_id', workspaceId).order('created_at').order('id')) ?? [];
}

export function webhookEndpointsQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: webhookKeys.endpoints(workspaceId), queryFn: () => getWebhookEndpoints(workspaceId) });
}

export function useWebhookEndpoints(workspaceId: string) {
  return useQuery(webhookEndpointsQueryOptions(workspaceId));
}
