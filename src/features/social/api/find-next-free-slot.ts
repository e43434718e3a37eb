import { toDateTimeInput } from '@/lib/datetime-local';
import { nextFreeSlot, takenMoments } from '@/features/social/utils/next-free-slot';
import { toError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * The composer's "Next free slot" (loaded when pressed): the first slot of the first chosen account, after now, that
 * no scheduled post of any chosen account takes, in the workspace's zone; null when there is none.
 */
export async function findNextFreeSlot(workspaceId: string, accountIds: readonly string[], timeZone: string, now = new Date()): Promise<string | null> {
  const [first] = accountIds;
  if (!first) return null;
  const slots = unwrap(await supabase.from('social_account_slots').select('weekday, local_time').eq('account_id', first)) ?? [];
  if (slots.length === 0) return null;
  const { data, error } = await supabase.from('social_posts').select('scheduled_at, social_post_channels!inner(account_id, status)')
    .eq('organization_id', workspaceId).gte('scheduled_at', new Date(now.getTime() - 60_000).toISOString()).in('social_post_channels.account_id', [...accountIds]).limit(1000);
  if (error) throw toError(error);
  const taken = accountIds.flatMap((id) => takenMoments(data ?? [], id));
  return nextFreeSlot(slots, taken, now, timeZone);
}

/** The composer's datetime-local value of a moment (browser time, as the field reads it): loaded with the search. */
export const toComposerInput = toDateTimeInput;
