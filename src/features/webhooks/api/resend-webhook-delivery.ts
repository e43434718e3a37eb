import { webhooksCopy } from '@/config/webhooks-copy';
import { useWebhooksMutation } from '@/features/webhooks/api/use-webhooks-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** "Send again": a new attempt of the same message (same webhook-id and body), as soon as a worker takes it. */
async function resendWebhookDelivery(deliveryId: string): Promise<void> {
  const { error } = await supabase.rpc('resend_webhook_delivery', { delivery_id: deliveryId });
  if (error) throw toError(error);
}

export function useResendWebhookDelivery() {
  return useWebhooksMutation({ mutationFn: resendWebhookDelivery, success: () => webhooksCopy.sentAgain, failure: webhooksCopy.sendAgainFailed });
}
