import { socialCopy } from '@/config/social-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface SavePostInput {
  workspaceId: string;
  body: string;
  channels: Array<{ account_id: string; body: string }>;
  /** ISO, or null for a draft. */
  scheduledAt: string | null;
  /** Approved assets with alt text; left out, an edit keeps the post's media. */
  media?: Array<{ asset_id: string; alt: string }>;
}

async function saveSocialPost(input: SavePostInput): Promise<void> {
  const { error } = await supabase.rpc('save_social_post', {
    workspace_id: input.workspaceId, body: input.body, channels: input.channels, ...(input.scheduledAt ? { scheduled_at: input.scheduledAt } : {}),
    ...(input.media ? { media: input.media } : {}),
  });
  if (error) throw toError(error);
}

export function useSaveSocialPost() {
  return useSocialMutation({ mutationFn: saveSocialPost, success: (_result, input) => socialCopy.saved(input.scheduledAt !== null), failure: socialCopy.saveFailed });
}
