import { socialCopy } from '@/config/social-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A person's decision after a failure or an unknown outcome: send this account's version again, now. */
async function sendChannelAgain(channelId: string): Promise<void> {
  const { error } = await supabase.rpc('publish_social_post_channel_again', { channel_id: channelId });
  if (error) throw toError(error);
}

export function useSendChannelAgain() {
  return useSocialMutation({ mutationFn: sendChannelAgain, success: () => socialCopy.sentAgain, failure: socialCopy.sendAgainFailed });
}
