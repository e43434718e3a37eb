import type { SupabaseClient } from '@supabase/supabase-js';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { contentItemKeys } from '@/features/content/api/keys';
import { nextScheduleRefreshMs } from '@/features/content/utils/calendar';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';
import type { Database } from '@/types/database';

/** The most items the calendar loads for its range (about three months). */
export const SCHEDULE_LIMIT = 500;

/** Items planned in [from, to) (ISO timestamps), earliest first: the calendar's request. */
export function scheduledContentQuery(client: SupabaseClient<Database>, organizationId: string, from: string, to: string) {
  return client
    .from('content_items')
    .select('id, title, status, content_type, planned_publish_at, publish_on_schedule')
    .eq('organization_id', organizationId)
    .gte('planned_publish_at', from)
    .lt('planned_publish_at', to)
    .order('planned_publish_at')
    .order('id')
    .limit(SCHEDULE_LIMIT);
}

export type ScheduledContent = Awaited<ReturnType<typeof scheduledContentQuery>>['data'] extends (infer Row)[] | null ? Row : never;

/**
 * The calendar's items; while another range loads (a month further), the items shown stay (an item just moved into
 * that month stays in view, and keeps the keyboard focus). Loaded again a few seconds after a scheduled moment near
 * at hand, so an item the worker publishes shows published without a reload.
 */
export function useScheduledContent(from: string, to: string) {
  const organizationId = useWorkspace().current?.id ?? null;
  const query = useQuery({
    queryKey: contentItemKeys.schedule(organizationId ?? '', from, to),
    queryFn: async () => unwrap(await scheduledContentQuery(supabase, organizationId!, from, to)) ?? [],
    enabled: organizationId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => nextScheduleRefreshMs(query.state.data ?? [], new Date()),
  });
  useRefreshWhenPublished(query.data);
  return query;
}

/**
 * An item the calendar saw unpublished and now sees published (the job runner published it): the hub's other
 * content figures and lists load again, so they say Published too.
 */
function useRefreshWhenPublished(items: ScheduledContent[] | undefined) {
  const queryClient = useQueryClient();
  const unpublished = useRef(new Set<string>());
  useEffect(() => {
    if (!items) return;
    const newlyPublished = items.some((item) => item.status === 'published' && unpublished.current.has(item.id));
    unpublished.current = new Set(items.filter((item) => item.status !== 'published').map((item) => item.id));
    if (newlyPublished) void queryClient.invalidateQueries({ queryKey: contentItemKeys.all, predicate: (query) => query.queryKey[1] !== 'schedule' });
  }, [items, queryClient]);
}
