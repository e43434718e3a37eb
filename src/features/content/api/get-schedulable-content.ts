import type { SupabaseClient } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { contentItemKeys } from '@/features/content/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';
import type { Database } from '@/types/database';

/** The most items Schedule Publishing offers; more are reached through their own edit dialog. */
export const SCHEDULABLE_LIMIT = 500;

/**
 * Schedule Publishing's choices: the workspace's items not yet published (draft or in review), by title. Its own
 * request, not the Content Items list's loaded pages, so an item on a page not yet shown can be scheduled too.
 */
export function schedulableContentQuery(client: SupabaseClient<Database>, organizationId: string) {
  return client
    .from('content_items')
    .select('id, title, planned_publish_at')
    .eq('organization_id', organizationId)
    .in('status', ['draft', 'review'])
    .order('title')
    .order('id')
    .limit(SCHEDULABLE_LIMIT);
}

export function useSchedulableContent() {
  const organizationId = useWorkspace().current?.id ?? null;
  return useQuery({
    queryKey: contentItemKeys.schedulable(organizationId ?? ''),
    queryFn: async () => unwrap(await schedulableContentQuery(supabase, organizationId!)) ?? [],
    enabled: organizationId !== null,
  });
}

export type SchedulableContent = Awaited<ReturnType<typeof schedulableContentQuery>>['data'] extends (infer Row)[] | null ? Row : never;
