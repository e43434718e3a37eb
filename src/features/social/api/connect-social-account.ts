import { socialCopy } from '@/config/social-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import type { SocialNetwork } from '@/features/social/network-rules';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface ConnectAccountInput {
  workspaceId: string;
  network: SocialNetwork;
  identifier: string;
  serviceUrl: string;
  secret: string;
}

/** The new account and, for a webhook channel, its signing secret (shown once). */
async function connectSocialAccount(input: ConnectAccountInput): Promise<{ signingSecret: string | null }> {
  const { data, error } = await supabase.rpc('connect_social_account', {
    workspace_id: input.workspaceId, network: input.network, identifier: input.identifier, service_url: input.serviceUrl, secret: input.secret,
  });
  if (error) throw toError(error);
  return { signingSecret: (data as { signing_secret: string | null }).signing_secret };
}

export function useConnectSocialAccount() {
  return useSocialMutation({ mutationFn: connectSocialAccount, success: () => socialCopy.connected, failure: socialCopy.connectFailed });
}
