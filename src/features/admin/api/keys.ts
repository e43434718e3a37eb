/** Query keys of the admin area: the stored menu and admin pages as the editors and the admin navigation see them, the leads, the background work. */
export const adminKeys = {
  all: ['admin'] as const,
  menuItems: () => [...adminKeys.all, 'menu-items'] as const,
  adminPages: () => [...adminKeys.all, 'admin-pages'] as const,
  leads: () => [...adminKeys.all, 'leads'] as const,
  leadList: (filter: string, search: string) => [...adminKeys.leads(), 'list', filter, search] as const,
  newLeadCount: () => [...adminKeys.leads(), 'new-count'] as const,
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  jobList: (state: string) => [...adminKeys.jobs(), 'list', state] as const,
  jobSummary: () => [...adminKeys.jobs(), 'summary'] as const,
};
