import { webhooksCopy } from '@/config/webhooks-copy';
import { useWebhooksMutation } from '@/features/webhooks/api/use-webhooks-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function rotateWebhookSecret(endpointId: string): Promise<string> {
  const { data, error } = await supabase.rpc('rotate_webhook_secret', { endpoint_id: endpointId });
  if (error) throw toError(error);
  return data;
}

export function useRotateWebhookSecret() {
  return useWebhooksMutation({ mutationFn: rotateWebhookSecret, success: () => webhooksCopy.rotated, failure: webhooksCopy.rotateFailed });
}
