import type { Browser, BrowserContext } from '@playwright/test';
import { signedInStorageEntry, type NewAccount } from './accounts';

/**
 * A phone-sized context signed in as `account` (its session placed before the page loads) that records, the moment
 * the served frame (#app-frame) goes, what stands in its place: the page's main text in `window.__atRemoval` — the
 * page itself, not a loading status.
 */
export async function contextWatchingFrameRemoval(browser: Browser, baseURL: string, account: NewAccount): Promise<BrowserContext> {
  const session = await signedInStorageEntry(baseURL, account.email, account.password);
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 } });
  await context.addInitScript(({ key, value }) => {
    window.localStorage.setItem(key, value);
    new MutationObserver((_records, observer) => {
      if (!document.getElementById('app-frame') && document.getElementById('root')) {
        (window as unknown as { __atRemoval: string }).__atRemoval = document.querySelector('#root main')?.textContent ?? '';
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, session);
  return context;
}
