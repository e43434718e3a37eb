import { paths } from './paths';

/** Defaults of spec §3: shown before the stored menu loads (or when it cannot), and restored by a reset. */
export const defaultMenuItems = [
  { name: 'Home', href: paths.home, sort_order: 1 },
  { name: 'Portfolio', href: paths.portfolio, sort_order: 2 },
  { name: 'About', href: paths.about, sort_order: 3 },
  { name: 'ROI', href: paths.roi, sort_order: 4 },
] as const;

export const DEFAULT_ADMIN_PAGE_COUNT = 20;
export const TEST_LAB_TITLE = 'THE TEST LAB';

export function defaultAdminPageTitle(number: number): string {
  return number === 1 ? TEST_LAB_TITLE : `Page ${number}`;
}
