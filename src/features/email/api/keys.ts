/** Query keys of a workspace's Email Platform data. */
export const emailKeys = {
  all: ['email'] as const,
  workspace: (workspaceId: string) => [...emailKeys.all, workspaceId] as const,
  overview: (workspaceId: string) => [...emailKeys.workspace(workspaceId), 'overview'] as const,
  lists: (workspaceId: string) => [...emailKeys.workspace(workspaceId), 'lists'] as const,
  templates: (workspaceId: string) => [...emailKeys.workspace(workspaceId), 'templates'] as const,
  campaigns: (workspaceId: string) => [...emailKeys.workspace(workspaceId), 'campaigns'] as const,
  report: (workspaceId: string, campaignId: string) => [...emailKeys.workspace(workspaceId), 'report', campaignId] as const,
  suppressions: (workspaceId: string) => [...emailKeys.workspace(workspaceId), 'suppressions'] as const,
  settings: (workspaceId: string) => [...emailKeys.workspace(workspaceId), 'settings'] as const,
  webhooks: (workspaceId: string) => [...emailKeys.workspace(workspaceId), 'webhooks'] as const,
  sending: ['email', 'sending-status'] as const,
};
