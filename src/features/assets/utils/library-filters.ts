import { assetKinds, assetSorts, assetStatuses, ASSET_PAGE_SIZE, type AssetKind, type AssetSort, type AssetStatus } from '@/config/asset-options';

/**
 * What the library shows, kept in the page's address (`?q=…&type=image&status=approved&tag=…&collection=…&sort=…
 * &view=list&page=2`, and `asset=<id>` for the open asset), so a reload or a shared link shows the same.
 */
export interface LibraryFilters {
  search: string;
  kind: AssetKind | null;
  status: AssetStatus | null;
  tag: string | null;
  collectionId: string | null;
  sort: AssetSort;
  view: 'grid' | 'list';
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(options: readonly { value: T }[], value: string | null): T | null =>
  options.find((option) => option.value === value)?.value ?? null;

export function filtersFromParams(params: URLSearchParams): LibraryFilters {
  const page = Number(params.get('page'));
  const collection = params.get('collection');
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    kind: oneOf(assetKinds, params.get('type')),
    status: oneOf(assetStatuses, params.get('status')),
    tag: params.get('tag')?.trim().slice(0, 40) || null,
    collectionId: collection && UUID.test(collection) ? collection : null,
    sort: oneOf(assetSorts, params.get('sort')) ?? 'newest',
    view: params.get('view') === 'list' ? 'list' : 'grid',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 100000) : 1,
  };
}

/**
 * The address after a change: defaults are left out; any change but the page itself (and the view) goes back to
 * page 1; other parameters (the open asset) are kept.
 */
export function paramsWith(params: URLSearchParams, changes: Partial<LibraryFilters>): URLSearchParams {
  const next = { ...filtersFromParams(params), ...changes };
  const keepsPage = Object.keys(changes).every((key) => key === 'page' || key === 'view');
  if (!keepsPage) next.page = 1;
  const out = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  set('q', next.search.trim() || null);
  set('type', next.kind);
  set('status', next.status);
  set('tag', next.tag);
  set('collection', next.collectionId);
  set('sort', next.sort === 'newest' ? null : next.sort);
  set('view', next.view === 'grid' ? null : next.view);
  set('page', next.page > 1 ? String(next.page) : null);
  return out;
}

export const hasFilters = (filters: LibraryFilters) =>
  Boolean(filters.search.trim() || filters.kind || filters.status || filters.tag || filters.collectionId);

/** list_assets' arguments. */
export function listArguments(workspaceId: string, filters: LibraryFilters) {
  return {
    workspace_id: workspaceId,
    search: filters.search.trim() || undefined,
    kinds: filters.kind ? [filters.kind] : undefined,
    statuses: filters.status ? [filters.status] : undefined,
    tag: filters.tag ?? undefined,
    collection_id: filters.collectionId ?? undefined,
    sort_by: filters.sort,
    page_size: ASSET_PAGE_SIZE,
    page_number: filters.page,
  };
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ASSET_PAGE_SIZE));
