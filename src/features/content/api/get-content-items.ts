import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { contentItemsPageQuery } from '@/features/content/api/content-items-query';
import { contentItemKeys } from '@/features/content/api/keys';
import type { ContentItem } from '@/features/content/utils/content-form';
import { unwrap } from '@/lib/errors';
import { LIST_PAGE_SIZE, toKeysetPage, type KeysetCursor, type KeysetPage } from '@/lib/keyset';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** One page of the organization's content items, newest first (spec §7: all fields, order created_at desc). */
async function getContentItemsPage(organizationId: string, cursor: KeysetCursor | null): Promise<KeysetPage<ContentItem>> {
  const rows = unwrap(await contentItemsPageQuery(supabase, organizationId, cursor)) ?? [];
  return toKeysetPage(rows, LIST_PAGE_SIZE);
}

export function contentItemsQueryOptions(organizationId: string) {
  return infiniteQueryOptions({
    queryKey: contentItemKeys.list(organizationId),
    queryFn: ({ pageParam }) => getContentItemsPage(organizationId, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The content items of the current workspace; waits until the workspace is known. */
export function useContentItems() {
  const organizationId = useWorkspace().current?.id ?? null;
  return useInfiniteQuery({ ...contentItemsQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
}
