import { z } from 'zod';
import { connectAccount } from '../../modules/social/connect-account';
import { defineTask, PermanentJobError } from '../define-task';

/**
 * Checks a social account's submitted credential with its network and seals it (server/src/modules/social), queued
 * by connect_social_account / reconnect_social_account, keyed `social-account:<id>:connect`
 * (supabase/migrations/20261128150000_create_social_accounts.sql). Running twice is harmless: the second run finds
 * nothing pending.
 */
export const connectSocialAccount = defineTask({
  name: 'connect_social_account',
  payload: z.object({ workspace_id: z.uuid(), account_id: z.uuid() }),
  maxAttempts: 5,
  async run(payload, { sql, outbound, socialTokenKeys, signal, log }) {
    if (!socialTokenKeys) throw new PermanentJobError('no key to seal social account credentials with (SOCIAL_TOKEN_KEYS)');
    try {
      const outcome = await connectAccount({ sql, outbound, keyring: socialTokenKeys, workspaceId: payload.workspace_id, accountId: payload.account_id, signal });
      log.info(`social account ${payload.account_id} of workspace ${payload.workspace_id}: ${outcome}`);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});
