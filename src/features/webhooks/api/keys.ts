/** Query keys of a workspace's webhook endpoints, their secrets and the delivery log. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  workspace: (workspaceId: string) => [...webhookKeys.all, workspaceId] as const,
  endpoints: (workspaceId: string) => [...webhookKeys.workspace(workspaceId), 'endpoints'] as const,
  deliveries: (workspaceId: string) => [...webhookKeys.workspace(workspaceId), 'deliveries'] as const,
  attempts: (workspaceId: string, deliveryId: string) => [...webhookKeys.workspace(workspaceId), 'attempts', deliveryId] as const,
  reveal: (workspaceId: string, endpointId: string) => [...webhookKeys.workspace(workspaceId), 'reveal', endpointId] as const,
};
