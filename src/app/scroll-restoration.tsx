import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** The first entry of a tab has no key of its own: nothing is restored for it. */
const NO_KEY = 'default';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

let positions: Record<string, number> | undefined;

/**
 * What React Router's data-router ScrollRestoration did, for the declarative router: a new page starts at the top (or
 * at its #hash), Back and Forward (and a reload) return to where that entry was scrolled. Positions are kept per
 * history entry while scrolling, and in sessionStorage when the page is left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    positions ??= readPositions();
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // storage full or blocked: positions last for this page only
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    if (location.key === NO_KEY) return;
    const remember = () => {
      positions ??= readPositions();
      positions[location.key] = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  useLayoutEffect(() => {
    positions ??= readPositions();
    const saved = positions[location.key];
    if (navigationType === 'POP') {
      // Back, Forward, a reload; and the first load, where the page keeps the position the browser gave it.
      if (saved !== undefined && location.key !== NO_KEY) window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Once per history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  return null;
}
