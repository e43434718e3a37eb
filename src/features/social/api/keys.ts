/** Query keys of a workspace's social accounts and posts. */
export const socialKeys = {
  all: ['social'] as const,
  accounts: (workspaceId: string) => [...socialKeys.all, workspaceId, 'accounts'] as const,
  posts: (workspaceId: string) => [...socialKeys.all, workspaceId, 'posts'] as const,
};
