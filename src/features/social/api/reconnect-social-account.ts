import { socialCopy } from '@/config/social-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function reconnectSocialAccount(input: { accountId: string; secret: string }): Promise<void> {
  const { error } = await supabase.rpc('reconnect_social_account', { account_id: input.accountId, secret: input.secret });
  if (error) throw toError(error);
}

export function useReconnectSocialAccount() {
  return useSocialMutation({ mutationFn: reconnectSocialAccount, success: () => socialCopy.reconnected, failure: socialCopy.reconnectFailed });
}
