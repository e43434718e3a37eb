import { paths } from '@/config/paths';
import type { AdminPage, MenuItem } from '@/lib/site-config';

export interface MenuLink {
  key: string;
  label: string;
  href: string;
  /** Another site, or mailto: a plain link rather than in-app navigation. */
  isExternal: boolean;
}

export interface AdminMenu {
  dashboard: MenuLink;
  administrator: MenuLink;
  pages: (MenuLink & { isTestLab: boolean })[];
}

export function isExternalHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href);
}

/** The stored menu, by sort_order (the provider already orders it; a stable sort keeps ties as stored). */
export function siteMenuLinks(items: readonly MenuItem[]): MenuLink[] {
  return [...items]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((item, index) => ({ key: item.id ?? `${index}-${item.href}`, label: item.name, href: item.href, isExternal: isExternalHref(item.href) }));
}

/** The admin part of the menu: only for a confirmed site admin, otherwise nothing at all. */
export function adminMenu(isAdmin: boolean, pages: readonly AdminPage[]): AdminMenu | null {
  if (!isAdmin) return null;
  return {
    dashboard: { key: 'admin', label: 'Admin Dashboard', href: paths.admin, isExternal: false },
    administrator: { key: 'administrator', label: 'Administrator', href: paths.administrator, isExternal: false },
    pages: [...pages]
      .sort((a, b) => a.number - b.number)
      .map((page) => ({
        key: page.id ?? `page-${page.number}`,
        label: page.title,
        href: paths.adminPage(page.number),
        isExternal: false,
        isTestLab: page.number === 1,
      })),
  };
}
