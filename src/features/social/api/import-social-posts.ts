import type { SupabaseClient } from '@supabase/supabase-js';
import type { ImportBatchResult } from '@/components/csv/run-import';
import type { ImportedPost } from '@/features/social/utils/posts-csv';
import { toError } from '@/lib/errors';
import type { Database } from '@/types/database';

/** The database's answers about the line itself (P0001: a rule; 22/23: a value); anything else stops the import. */
const ABOUT_THE_LINE = /^(P0001|22|23)/;

/**
 * Saves each line of a file of posts through save_social_post — the composer's own call, so the database checks the
 * accounts (this workspace's only), the moment, the length and approval exactly as for one post. A line the database
 * refuses is listed with its reason in the database's words and the others go on; a failure that is not about the
 * line (the connection, the caller's role: 42501) stops the import there (the wizard's summary says what was not sent).
 */
export async function importSocialPosts(
  client: SupabaseClient<Database>,
  workspaceId: string,
  posts: readonly ImportedPost[],
  lines: readonly number[],
): Promise<ImportBatchResult> {
  const result: ImportBatchResult = { added: 0, updated: 0, unchanged: 0, refused: [] };
  for (const [index, post] of posts.entries()) {
    const { error } = await client.rpc('save_social_post', {
      workspace_id: workspaceId,
      body: post.body,
      channels: post.channels,
      ...(post.scheduledAt ? { scheduled_at: post.scheduledAt } : {}),
    });
    if (!error) result.added += 1;
    else if (error.code && ABOUT_THE_LINE.test(error.code)) result.refused!.push({ line: lines[index] ?? index + 1, reason: error.message });
    else throw toError(error);
  }
  return result;
}
