/** Query keys of the public blogs (read as anyone) and of a workspace's blog settings. */
export const blogKeys = {
  all: ['blog'] as const,
  list: (blogSlug: string, page: number) => [...blogKeys.all, 'public', blogSlug, 'page', page] as const,
  post: (blogSlug: string, postSlug: string) => [...blogKeys.all, 'public', blogSlug, 'post', postSlug] as const,
  settings: (workspaceId: string) => [...blogKeys.all, 'settings', workspaceId] as const,
};
