/** Query keys of a workspace's social accounts and posts. */
export const socialKeys = {
  all: ['social'] as const,
  accounts: (workspaceId: string) => [...socialKeys.all, workspaceId, 'accounts'] as const,
  posts: (workspaceId: string) => [...socialKeys.all, workspaceId, 'posts'] as const,
  approvalSetting: (workspaceId: string) => [...socialKeys.all, workspaceId, 'approval-setting'] as const,
  /** The signed-out reviewer's view of an approval link. */
  approval: (token: string) => ['social-approval', token] as const,
};
