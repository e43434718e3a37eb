import { paths } from '@/config/paths';

/** Edited texts by key (a menu item's id, an admin page's number): only entries the admin touched. */
export type Drafts = Readonly<Record<string, string>>;

export interface MenuEntry {
  id: string;
  name: string;
  href: string;
  sort_order: number;
}

export interface PageEntry {
  number: number;
  title: string;
}

/** Spec §5: a rename is sent only when the trimmed text differs from the stored name. */
export function changedNames(items: readonly Pick<MenuEntry, 'id' | 'name'>[], drafts: Drafts): { id: string; name: string }[] {
  return items.flatMap((item) => {
    const draft = drafts[item.id];
    if (draft === undefined) return [];
    const name = draft.trim();
    return name !== item.name ? [{ id: item.id, name }] : [];
  });
}

/** The same for admin page titles, keyed by page number. */
export function changedTitles(pages: readonly PageEntry[], drafts: Drafts): { number: number; title: string }[] {
  return pages.flatMap((page) => {
    const draft = drafts[String(page.number)];
    if (draft === undefined) return [];
    const title = draft.trim();
    return title !== page.title ? [{ number: page.number, title }] : [];
  });
}

/** Keys whose edited text is blank: they are not sent (a name or title cannot be empty). */
export function blankDraftKeys(drafts: Drafts): string[] {
  return Object.entries(drafts)
    .filter(([, text]) => text.trim() === '')
    .map(([key]) => key);
}

/** A menu link the database accepts: an in-site path, or an http(s) or mailto address, without spaces. */
export function isMenuHref(href: string): boolean {
  return /^\/(?![/\\])\S*$/.test(href) || /^https?:\/\/\S+$/i.test(href) || /^mailto:\S+$/i.test(href);
}

export type NewMenuItemCheck =
  | { ok: true; item: { name: string; href: string } }
  | { ok: false; problem: 'incomplete' | 'invalid-href' | 'duplicate-href' };

/**
 * Spec §5: name and URL both required (after trimming); the URL must also be one the menu can link to, and not one
 * it links to already (the database refuses a link twice).
 */
export function checkNewMenuItem(name: string, href: string, existingHrefs: readonly string[] = []): NewMenuItemCheck {
  const item = { name: name.trim(), href: href.trim() };
  if (item.name === '' || item.href === '') return { ok: false, problem: 'incomplete' };
  if (!isMenuHref(item.href)) return { ok: false, problem: 'invalid-href' };
  if (existingHrefs.includes(item.href)) return { ok: false, problem: 'duplicate-href' };
  return { ok: true, item };
}

/** Spec §5: the current maximum plus one (1 for an empty menu). */
export function nextSortOrder(items: readonly Pick<MenuEntry, 'sort_order'>[]): number {
  return items.reduce((max, item) => Math.max(max, item.sort_order), 0) + 1;
}

/** Spec §5: the current maximum plus one (1 when there are none). */
export function nextPageNumber(pages: readonly Pick<PageEntry, 'number'>[]): number {
  return pages.reduce((max, page) => Math.max(max, page.number), 0) + 1;
}

/** Spec §5: number = max + 1, title 'Page {n}', path /admin/page-{n}. */
export function newAdminPage(pages: readonly Pick<PageEntry, 'number'>[]): { number: number; title: string; path: string } {
  const number = nextPageNumber(pages);
  return { number, title: `Page ${number}`, path: paths.adminPage(number) };
}
