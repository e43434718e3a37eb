import { useQuery } from '@tanstack/react-query';
import { webhookKeys } from '@/features/webhooks/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type DeliveryAttempt = Tables<'webhook_delivery_attempts'>;

async function getDeliveryAttempts(deliveryId: string): Promise<DeliveryAttempt[]> {
  return unwrap(await supabase.from('webhook_delivery_attempts').select('*').eq('delivery_id', deliveryId).order('attempt', { ascending: false })) ?? [];
}

/** Every attempt of one delivery, newest first (read when the row is opened). */
export function useDeliveryAttempts(workspaceId: string, deliveryId: string, enabled: boolean) {
  return useQuery({ queryKey: webhookKeys.attempts(workspaceId, deliveryId), queryFn: () => getDeliveryAttempts(deliveryId), enabled });
}
