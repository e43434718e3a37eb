import { useQuery } from '@tanstack/react-query';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { socialKeys } from '@/features/social/api/keys';
import { toError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** An account's posting slots, by weekday and time (everyone in the workspace reads them). Loaded with the slots dialog only. */
export function useAccountSlots(workspaceId: string, accountId: string) {
  return useQuery({
    queryKey: [...socialKeys.all, workspaceId, 'slots', accountId],
    queryFn: async () => unwrap(await supabase.from('social_account_slots').select('id, weekday, local_time').eq('account_id', accountId).order('weekday').order('local_time')) ?? [],
  });
}

/** Members add slots (several weekdays at one time: the dialog leaves out those already there) and remove them; the database checks who. */
export function useAddAccountSlots(workspaceId: string, accountId: string) {
  return useSocialMutation({
    mutationFn: async ({ weekdays, time }: { weekdays: number[]; time: string }) => {
      const rows = weekdays.map((weekday) => ({ organization_id: workspaceId, account_id: accountId, weekday, local_time: time }));
      const { error } = await supabase.from('social_account_slots').insert(rows);
      if (error) throw toError(error);
    },
    failure: 'The time slot could not be added',
  });
}

export function useRemoveAccountSlot() {
  return useSocialMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('social_account_slots').delete().eq('id', id);
      if (error) throw toError(error);
    },
    failure: 'The time slot could not be removed',
  });
}
