import { socialQueryKeys } from '@/lib/social-accounts';

/** Query keys of a workspace's social accounts (shared: `src/lib/social-accounts.ts`) and posts. */
export const socialKeys = {
  ...socialQueryKeys,
  posts: (workspaceId: string) => [...socialQueryKeys.all, workspaceId, 'posts'] as const,
  approvalSetting: (workspaceId: string) => [...socialQueryKeys.all, workspaceId, 'approval-setting'] as const,
  /** The signed-out reviewer's view of an approval link. */
  approval: (token: string) => ['social-approval', token] as const,
};
