import type { LibraryFilters } from '@/features/assets/utils/library-filters';

/** Query keys of the asset library; everything starts with ['assets'] (the shared approved-assets list too). */
export const assetKeys = {
  all: ['assets'] as const,
  list: (workspaceId: string, filters: LibraryFilters) => [...assetKeys.all, 'list', workspaceId, filters] as const,
  detail: (assetId: string) => [...assetKeys.all, 'detail', assetId] as const,
  figures: (workspaceId: string, monthStart: string) => [...assetKeys.all, 'figures', workspaceId, monthStart] as const,
  tags: (workspaceId: string) => [...assetKeys.all, 'tags', workspaceId] as const,
  collections: (workspaceId: string) => [...assetKeys.all, 'collections', workspaceId] as const,
};
