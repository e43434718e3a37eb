import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

/**
 * The workspace's outgoing webhook endpoints, as two features read them: the webhooks screen (Team › Webhooks) and the
 * automation editor's "call a webhook" step, which names one. Features do not import each other's hooks.
 */
export type WebhookEndpoint = Tables<'webhook_endpoints'>;

/**
 * Query keys: every webhooks query starts with ['webhooks', workspaceId] (the webhooks feature adds its deliveries,
 * attempts and revealed addresses under it in its `api/keys.ts`, and reloads them all after a change).
 */
export const webhookEndpointKeys = {
  all: ['webhooks'] as const,
  workspace: (workspaceId: string) => [...webhookEndpointKeys.all, workspaceId] as const,
  endpoints: (workspaceId: string) => [...webhookEndpointKeys.workspace(workspaceId), 'endpoints'] as const,
};

/** The workspace's endpoints, oldest first (everyone in the workspace reads them: origin, never the full URL). */
async function getWebhookEndpoints(workspaceId: string): Promise<WebhookEndpoint[]> {
  return unwrap(await supabase.from('webhook_endpoints').select('*').eq('organization_id', workspaceId).order('created_at').order('id')) ?? [];
}

export function webhookEndpointsQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: webhookEndpointKeys.endpoints(workspaceId), queryFn: () => getWebhookEndpoints(workspaceId) });
}

export function useWebhookEndpoints(workspaceId: string) {
  return useQuery(webhookEndpointsQueryOptions(workspaceId));
}
