import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { publicMessages } from '@/config/public-messages';
import { defaultAdminPageTitle, defaultMenuItems, DEFAULT_ADMIN_PAGE_COUNT } from '@/config/site-defaults';
import { useAdminSession } from '@/lib/admin-session';
import type * as SiteConfigApi from '@/lib/site-config-api';
import type { Tables } from '@/types/database';

/**
 * Site configuration: the navigation menu (public) and the admin pages (site admins only).
 *
 * The defaults of `@/config/site-defaults` render first (prerendered pages, first paint) and stay in use when
 * loading fails (logged as 'Failed to load site configuration'). The stored rows are loaded through supabase-js
 * on demand — `load()` when the side menu opens or is about to (hover/focus of its button) — so the public pages
 * do not download supabase-js on first load.
 *
 * - `menuItems`: ordered by sort_order; `adminPages`: ordered by number (loaded only for a confirmed site admin,
 *   through the admin client whose session RLS checks).
 * - `loading`: true while menu items and admin pages load.
 * - `load()`: loads once (again after a failure); `refresh()`: reloads now — admin editors call it after a change
 *   so the header shows it without a page reload.
 */
export type MenuItem = Pick<Tables<'menu_items'>, 'name' | 'href' | 'sort_order'> & { id?: string };
export type AdminPage = Pick<Tables<'admin_pages'>, 'number' | 'title' | 'path'> & { id?: string };

export interface SiteConfig {
  menuItems: MenuItem[];
  adminPages: AdminPage[];
  loading: boolean;
  isLoaded: boolean;
  load: () => void;
  refresh: () => Promise<void>;
}

export const defaultMenu: MenuItem[] = defaultMenuItems.map((item) => ({ ...item }));
export const defaultAdminPages: AdminPage[] = Array.from({ length: DEFAULT_ADMIN_PAGE_COUNT }, (_, index) => ({
  number: index + 1,
  title: defaultAdminPageTitle(index + 1),
  path: `/admin/page-${index + 1}`,
}));

const SiteConfigContext = createContext<SiteConfig | null>(null);

/** The data calls are imported on first use (they pull in supabase-js), once. */
let siteConfigApi: Promise<typeof SiteConfigApi> | undefined;
const loadSiteConfigApi = () => (siteConfigApi ??= import('@/lib/site-config-api'));

interface Loaded {
  menuItems: MenuItem[];
  adminPages: AdminPage[] | null;
}

export function SiteConfigProvider({ children }: { children: ReactNode }) {
  const { isAdmin } = useAdminSession();
  const [menuItems, setMenuItems] = useState<MenuItem[]>(defaultMenu);
  const [adminPages, setAdminPages] = useState<AdminPage[]>(defaultAdminPages);
  const [loading, setLoading] = useState(false);
  const [isLoaded, setIsLoaded] = useState(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const requested = useRef(false);

  // Two quick changes start two loads; only the latest may set state, or an older answer arriving last would win.
  const latestLoad = useRef(0);

  const fetchAll = useCallback(async (withAdminPages: boolean) => {
    const id = ++latestLoad.current;
    setLoading(true);
    try {
      const { fetchSiteConfig } = await loadSiteConfigApi();
      const loaded: Loaded = await fetchSiteConfig({ withAdminPages });
      if (id !== latestLoad.current) return;
      setMenuItems(loaded.menuItems);
      if (loaded.adminPages) setAdminPages(loaded.adminPages);
      setIsLoaded(true);
    } catch (error) {
      if (id === latestLoad.current) console.error(publicMessages.siteConfig.loadFailed, error);
    } finally {
      if (id === latestLoad.current) setLoading(false);
    }
  }, []);

  const refresh = useCallback((): Promise<void> => {
    requested.current = true;
    const run = fetchAll(isAdmin).finally(() => {
      if (inFlight.current === run) inFlight.current = null;
    });
    inFlight.current = run;
    return run;
  }, [fetchAll, isAdmin]);

  const load = useCallback(() => {
    if (inFlight.current || isLoaded) return;
    void refresh();
  }, [isLoaded, refresh]);

  // Once the admin is confirmed, the admin pages are needed too (only if the menu was asked for).
  useEffect(() => {
    if (isAdmin && requested.current) void refresh();
  }, [isAdmin, refresh]);

  const value = useMemo<SiteConfig>(
    () => ({ menuItems, adminPages, loading, isLoaded, load, refresh }),
    [menuItems, adminPages, loading, isLoaded, load, refresh],
  );
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  const context = useContext(SiteConfigContext);
  if (!context) throw new Error(publicMessages.siteConfig.outsideProvider);
  return context;
}
