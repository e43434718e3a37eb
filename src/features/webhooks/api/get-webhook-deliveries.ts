import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookKeys } from '@/features/webhooks/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type WebhookDelivery = Tables<'webhook_deliveries'>;

export const DELIVERY_LOG_SIZE = 100;

async function getWebhookDeliveries(workspaceId: string): Promise<WebhookDelivery[]> {
  return unwrap(
    await supabase.from('webhook_deliveries').select('*').eq('organization_id', workspaceId)
      .order('created_at', { ascending: false }).order('id').limit(DELIVERY_LOG_SIZE),
  ) ?? [];
}

export function webhookDeliveriesQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: webhookKeys.deliveries(workspaceId), queryFn: () => getWebhookDeliveries(workspaceId) });
}

/** The latest deliveries of the workspace; read again every 10 s while any is waiting or being sent. */
export function useWebhookDeliveries(workspaceId: string) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(workspaceId),
    refetchInterval: (query) => ((query.state.data ?? []).some((delivery) => delivery.status === 'pending') ? 10_000 : false),
  });
}
