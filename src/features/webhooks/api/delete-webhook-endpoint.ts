import { webhooksCopy } from '@/config/webhooks-copy';
import { useWebhooksMutation } from '@/features/webhooks/api/use-webhooks-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A plain delete: RLS lets admins and owners; anyone else deletes no row, which is said so. */
async function deleteWebhookEndpoint(endpointId: string): Promise<void> {
  const { data, error } = await supabase.from('webhook_endpoints').delete().eq('id', endpointId).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new Error('Only admins and owners delete endpoints, and this one may be gone already.');
}

export function useDeleteWebhookEndpoint() {
  return useWebhooksMutation({ mutationFn: deleteWebhookEndpoint, success: () => webhooksCopy.deleted, failure: webhooksCopy.deleteFailed });
}
