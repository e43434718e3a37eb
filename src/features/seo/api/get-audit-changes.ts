import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';

export interface AuditChange {
  check_id: string;
  url: string;
  severity: string;
  state: 'new' | 'fixed' | 'open';
  pageviews: number;
}

/** New, fixed and still open issues of an audit against the previous finished one (seo_audit_changes). */
export function useAuditChanges({ client, scope }: SeoClient, siteId: string, auditId: string) {
  return useQuery({
    queryKey: seoKeys.changes(scope, siteId, auditId),
    queryFn: async (): Promise<AuditChange[]> => (unwrap(await client.rpc('seo_audit_changes', { audit_id: auditId })) ?? []) as AuditChange[],
    staleTime: Infinity,
  });
}
