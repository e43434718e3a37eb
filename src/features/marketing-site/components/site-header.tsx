import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteConfig } from '@/lib/site-config';
import { BrandLogo } from '@/components/brand-logo';

const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(() => loadSideMenu().then((module) => ({ default: module.SideMenu })));

/** Brand logo home, and the button of the side menu (its code and the stored menu load on intent). */
export function SiteHeader() {
  const { load } = useSiteConfig();
  const [open, setOpen] = useState(false);
  const [isMenuWanted, setIsMenuWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const prepareMenu = () => {
    void loadSideMenu();
    load();
    setIsMenuWanted(true);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
          <BrandLogo />
        </Link>
        <button
          ref={buttonRef}
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={prepareMenu}
          onFocus={prepareMenu}
          onTouchStart={prepareMenu}
          onClick={() => {
            prepareMenu();
            setOpen(true);
          }}
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Menu className="size-6" aria-hidden="true" />
        </button>
      </div>
      {isMenuWanted && (
        <Suspense fallback={null}>
          <SideMenu open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </header>
  );
}
