import { useQuery } from '@tanstack/react-query';
import { webhookEndpointsQueryOptions } from '@/features/webhooks/api/get-webhook-endpoints';
import { useWorkspace } from '@/lib/workspace';

/** The workspace's webhook endpoints (the webhooks feature's own query), for a "call a webhook" step to name one. */
export function useWebhookEndpointNames() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ ...webhookEndpointsQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}
