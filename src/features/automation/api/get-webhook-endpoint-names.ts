import { useQuery } from '@tanstack/react-query';
import { webhookEndpointsQueryOptions } from '@/lib/webhook-endpoints';
import { useWorkspace } from '@/lib/workspace';

/** The workspace's webhook endpoints (`src/lib/webhook-endpoints.ts`, the query the webhooks screen reads too), for a "call a webhook" step to name one. */
export function useWebhookEndpointNames() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ ...webhookEndpointsQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}
