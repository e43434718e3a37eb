/** Query keys of a workspace's workflows (with their versions), their run counts and the e-mail templates steps may send. */
export const automationKeys = {
  all: ['automation'] as const,
  workspace: (workspaceId: string) => [...automationKeys.all, workspaceId] as const,
  workflows: (workspaceId: string) => [...automationKeys.workspace(workspaceId), 'workflows'] as const,
  counts: (workspaceId: string) => [...automationKeys.workspace(workspaceId), 'counts'] as const,
  emailTemplateNames: (workspaceId: string) => [...automationKeys.workspace(workspaceId), 'email-template-names'] as const,
};
