import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { dashboardCopy } from '@/config/account-copy';
import type { MarketingRole } from '@/config/roles';
import { profileQueryKey, useAuth, type Profile } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The fields a user may change on their own profile (the column grants allow nothing else). */
export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  marketing_role?: MarketingRole | null;
}

/** Updates the caller's own profile (RLS: user_id = auth.uid()) and returns the stored row. */
export async function updateProfile(userId: string, changes: ProfileChanges) {
  const { data, error } = await supabase.from('profiles').update(changes).eq('user_id', userId).select('*').single();
  if (error) throw toError(error);
  return data;
}

export function useUpdateProfile() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => {
      if (!userId) throw new Error('Not signed in');
      return updateProfile(userId, changes);
    },
    onSuccess: (row) => {
      queryClient.setQueryData<Profile | null>(profileQueryKey(row.user_id), row);
      // The team lists show names and marketing roles.
      void queryClient.invalidateQueries({ queryKey: ['team'] });
      toast.success(dashboardCopy.profileUpdated);
    },
    onError: (error) => {
      toast.error(dashboardCopy.profileUpdateFailed, { description: error.message });
    },
  });
}
