/** Query keys of the admin area: the stored menu and admin pages as the editors and the admin navigation see them. */
export const adminKeys = {
  all: ['admin'] as const,
  menuItems: () => [...adminKeys.all, 'menu-items'] as const,
  adminPages: () => [...adminKeys.all, 'admin-pages'] as const,
};
