import { useQuery } from '@tanstack/react-query';
import { webhookKeys } from '@/features/webhooks/api/keys';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface RevealedEndpoint {
  url: string;
  secret: string;
  previous_secret_expires_at: string | null;
}

/** The full URL and the signing secret (admins and owners; the database refuses anyone else). */
async function revealWebhookEndpoint(endpointId: string): Promise<RevealedEndpoint> {
  const { data, error } = await supabase.rpc('reveal_webhook_endpoint', { endpoint_id: endpointId });
  if (error) throw toError(error);
  const row = data?.[0];
  if (!row) throw new Error('This webhook endpoint does not exist (any more).');
  return row;
}

/** Read when a dialog needs it, never cached once the dialog closes (staleTime 0, gcTime 0). */
export function useRevealedEndpoint(workspaceId: string, endpointId: string | null) {
  return useQuery({
    queryKey: webhookKeys.reveal(workspaceId, endpointId ?? ''),
    queryFn: () => revealWebhookEndpoint(endpointId!),
    enabled: endpointId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
