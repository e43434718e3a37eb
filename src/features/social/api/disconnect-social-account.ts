import { socialCopy } from '@/config/social-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A plain delete: RLS lets members, admins and owners; anyone else deletes no row, which is said so. */
async function disconnectSocialAccount(accountId: string): Promise<void> {
  const { data, error } = await supabase.from('social_accounts').delete().eq('id', accountId).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new Error('Viewers cannot disconnect accounts, and this one may be gone already.');
}

export function useDisconnectSocialAccount() {
  return useSocialMutation({ mutationFn: disconnectSocialAccount, success: () => socialCopy.disconnected, failure: socialCopy.disconnectFailed });
}
