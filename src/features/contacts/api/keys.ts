import type { ContactFilters } from '@/features/contacts/utils/contact-filters';

/** Query keys of a workspace's contacts, scoring rules and Retention Center figures. */
export const contactKeys = {
  all: ['contacts'] as const,
  workspace: (workspaceId: string) => [...contactKeys.all, workspaceId] as const,
  list: (workspaceId: string, filters: ContactFilters) => [...contactKeys.workspace(workspaceId), 'list', filters] as const,
  rules: (workspaceId: string) => [...contactKeys.workspace(workspaceId), 'rules'] as const,
  overview: (workspaceId: string) => [...contactKeys.workspace(workspaceId), 'overview'] as const,
};
