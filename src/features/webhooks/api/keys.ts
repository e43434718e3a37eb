import { webhookEndpointKeys } from '@/lib/webhook-endpoints';

/** Query keys of a workspace's webhook endpoints (shared: `src/lib/webhook-endpoints.ts`), their secrets and the delivery log. */
export const webhookKeys = {
  ...webhookEndpointKeys,
  deliveries: (workspaceId: string) => [...webhookEndpointKeys.workspace(workspaceId), 'deliveries'] as const,
  attempts: (workspaceId: string, deliveryId: string) => [...webhookEndpointKeys.workspace(workspaceId), 'attempts', deliveryId] as const,
  reveal: (workspaceId: string, endpointId: string) => [...webhookEndpointKeys.workspace(workspaceId), 'reveal', endpointId] as const,
};
