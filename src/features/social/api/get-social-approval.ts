import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface ApprovalVariant {
  network: string;
  account: string;
  body: string;
}

export interface SocialApproval {
  status: string;
  scheduledAt: string | null;
  expiresAt: string | null;
  variants: ApprovalVariant[];
}

/** What an approval link shows its (signed-out) reviewer: the post's versions while pending, else its status only. */
export function useSocialApproval(token: string) {
  return useQuery({
    queryKey: socialKeys.approval(token),
    queryFn: async (): Promise<SocialApproval> => {
      const [row] = unwrap(await supabase.rpc('get_social_approval', { token })) ?? [];
      return { status: row?.status ?? 'invalid', scheduledAt: row?.scheduled_at ?? null, expiresAt: row?.expires_at ?? null, variants: (row?.variants as ApprovalVariant[] | null) ?? [] };
    },
    retry: false,
  });
}
