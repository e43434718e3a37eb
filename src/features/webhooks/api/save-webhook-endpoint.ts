import { webhooksCopy } from '@/config/webhooks-copy';
import type { WebhookEndpoint } from '@/lib/webhook-endpoints';
import { useWebhooksMutation } from '@/features/webhooks/api/use-webhooks-mutation';
import type { CheckedEndpoint } from '@/features/webhooks/utils/endpoint-form';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface SaveEndpointInput extends CheckedEndpoint {
  workspaceId: string;
  /** null: a new endpoint. */
  endpointId: string | null;
}

/** create_webhook_endpoint / update_webhook_endpoint: the database checks the URL against the server's setting. */
async function saveWebhookEndpoint(input: SaveEndpointInput): Promise<WebhookEndpoint> {
  const { data, error } = input.endpointId
    ? await supabase.rpc('update_webhook_endpoint', { endpoint_id: input.endpointId, url: input.url, description: input.description, events: input.events, enabled: input.enabled })
    : await supabase.rpc('create_webhook_endpoint', { workspace_id: input.workspaceId, url: input.url, description: input.description, events: input.events, enabled: input.enabled });
  if (error) throw toError(error);
  return data;
}

export function useSaveWebhookEndpoint() {
  return useWebhooksMutation({
    mutationFn: saveWebhookEndpoint,
    success: (_result, input) => (input.endpointId ? webhooksCopy.saved : webhooksCopy.created),
    failure: webhooksCopy.saveFailed,
  });
}
