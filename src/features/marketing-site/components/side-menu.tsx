import { FileText, FlaskConical, LayoutDashboard, Loader2, LogOut, ShieldCheck } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { site } from '@/config/site';
import { useAdminSession } from '@/lib/admin-session';
import { useSiteConfig } from '@/lib/site-config';
import { adminMenu, siteMenuLinks, type MenuLink } from './side-menu.utils';

interface SideMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button lives outside this lazily loaded dialog: focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

const itemClass =
  'flex items-center gap-3 rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-slate-100 aria-[current=page]:text-slate-900';

function MenuEntry({ link, icon, onNavigate }: { link: MenuLink; icon?: ReactNode; onNavigate: () => void }) {
  const { pathname } = useLocation();
  if (link.isExternal) {
    return (
      <a href={link.href} className={itemClass} onClick={onNavigate}>
        {icon}
        {link.label}
      </a>
    );
  }
  return (
    <Link to={link.href} className={itemClass} aria-current={pathname === link.href ? 'page' : undefined} onClick={onNavigate}>
      {icon}
      {link.label}
    </Link>
  );
}

/** The slide-out menu (Radix Dialog: focus trapped, Escape, overlay click and the close button close it). */
export function SideMenu({ open, onOpenChange, returnFocusTo }: SideMenuProps) {
  const { menuItems, adminPages, loading } = useSiteConfig();
  const { isAdmin, logout } = useAdminSession();
  const close = () => onOpenChange(false);
  const admin = adminMenu(isAdmin, adminPages);

  const handleLogout = () => {
    close();
    logout().catch((error: unknown) => console.error('Admin logout failed', error));
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-72 gap-6 overflow-y-auto motion-reduce:animate-none sm:w-80"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">{`Navigate ${site.name}`}</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main">
          <ul className="space-y-1">
            {siteMenuLinks(menuItems).map((link) => (
              <li key={link.key}>
                <MenuEntry link={link} onNavigate={close} />
              </li>
            ))}
          </ul>
          {loading && (
            <p role="status" className="mt-3 flex items-center gap-2 px-3 text-sm text-slate-600">
              <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Loading menu…
            </p>
          )}
        </nav>
        {admin && (
          <nav aria-label="Admin" className="border-t border-slate-200 pt-4">
            <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-slate-600">Admin</p>
            <ul className="space-y-1">
              <li>
                <MenuEntry link={admin.dashboard} icon={<LayoutDashboard className="size-4" aria-hidden="true" />} onNavigate={close} />
              </li>
              <li>
                <MenuEntry link={admin.administrator} icon={<ShieldCheck className="size-4" aria-hidden="true" />} onNavigate={close} />
              </li>
            </ul>
            <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" aria-label="Admin pages" data-testid="admin-pages-list">
              {admin.pages.map((page) => (
                <li key={page.key}>
                  <MenuEntry
                    link={page}
                    onNavigate={close}
                    icon={
                      page.isTestLab ? (
                        <FlaskConical className="size-4 text-blue-700" aria-hidden="true" data-testid="test-lab-icon" />
                      ) : (
                        <FileText className="size-4" aria-hidden="true" />
                      )
                    }
                  />
                </li>
              ))}
            </ul>
            <button type="button" onClick={handleLogout} className={`${itemClass} mt-3 w-full text-red-700 hover:text-red-800`}>
              <LogOut className="size-4" aria-hidden="true" />
              Admin Logout
            </button>
          </nav>
        )}
      </SheetContent>
    </Sheet>
  );
}
