/** Query keys of the signed-in member's notices in a workspace. */
export const noticeKeys = {
  all: ['notices'] as const,
  workspace: (workspaceId: string) => [...noticeKeys.all, workspaceId] as const,
  unread: (workspaceId: string) => [...noticeKeys.workspace(workspaceId), 'unread'] as const,
  list: (workspaceId: string) => [...noticeKeys.workspace(workspaceId), 'list'] as const,
};
