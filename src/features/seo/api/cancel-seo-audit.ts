import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { seoCopy } from '@/config/seo-copy';
import { seoKeys } from '@/features/seo/api/keys';
import { describeAuditError } from '@/features/seo/api/request-seo-audit';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** Stops a queued or running audit (cancel_seo_audit). */
export function useCancelSeoAudit({ client, scope }: SeoClient, siteId: string) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (auditId: string) => checked(async () => unwrap(await client.rpc('cancel_seo_audit', { audit_id: auditId }))),
    onSuccess: () => toast.success(seoCopy.audit.cancelled),
    onError: (error) => toast.error(seoCopy.audit.cancelFailed, { description: describeAuditError(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: seoKeys.audits(scope, siteId) }),
  });
}
