import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { seoCopy } from '@/config/seo-copy';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { toError, unwrap } from '@/lib/errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** The words for a refused audit request or stop (the functions' `details`), else the server's message. */
export function describeAuditError(error: unknown): string {
  const details = (error as { details?: string } | null)?.details;
  if (details === 'audit_running') return seoCopy.errors.auditRunning;
  if (details === 'audit_limit') return seoCopy.errors.auditLimit;
  if (details === 'audit_finished') return seoCopy.errors.auditFinished;
  return toError(error).message;
}

/** Asks for an audit of the site now (request_seo_audit). */
export function useRequestSeoAudit({ client, scope }: SeoClient, siteId: string) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: () => checked(async () => unwrap(await client.rpc('request_seo_audit', { site_id: siteId }))),
    onSuccess: () => toast.success(seoCopy.audit.requested),
    onError: (error) => toast.error(seoCopy.audit.requestFailed, { description: describeAuditError(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: seoKeys.audits(scope, siteId) }),
  });
}
