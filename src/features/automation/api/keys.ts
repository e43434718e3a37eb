/** Query keys of a workspace's workflows (with their versions), their run counts and the Email Platform names workflows refer to. */
export const automationKeys = {
  all: ['automation'] as const,
  workspace: (workspaceId: string) => [...automationKeys.all, workspaceId] as const,
  workflows: (workspaceId: string) => [...automationKeys.workspace(workspaceId), 'workflows'] as const,
  counts: (workspaceId: string) => [...automationKeys.workspace(workspaceId), 'counts'] as const,
  actionsThisWeek: (workspaceId: string) => [...automationKeys.workspace(workspaceId), 'actions-this-week'] as const,
  failedRuns: (workspaceId: string, workflowId: string) => [...automationKeys.workspace(workspaceId), 'failed-runs', workflowId] as const,
  contactTimeline: (workspaceId: string, contactId: string) => [...automationKeys.workspace(workspaceId), 'timeline', contactId] as const,
  emailNames: (workspaceId: string, table: string) => [...automationKeys.workspace(workspaceId), 'email-names', table] as const,
};
