import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { approvalCopy } from '@/config/social-approval-copy';
import { useApprovalSetting } from '@/features/social/api/get-approval-setting';
import { useSetPostsNeedApproval } from '@/features/social/api/set-posts-need-approval';

/**
 * The workspace's "Posts need approval" switch: admins and owners change it, everyone sees it. While the setting
 * loads, its box is there with a placeholder for the switch, so the cards below do not jump (issue 33: CLS 0.12).
 */
export function ApprovalSetting({ workspaceId, canManage }: { workspaceId: string; canManage: boolean }) {
  const id = useId();
  const setting = useApprovalSetting(workspaceId);
  const change = useSetPostsNeedApproval();
  if (setting.isError) return null;
  return (
    <div className="flex items-start gap-3 rounded-md border p-3">
      {setting.isPending ? (
        <Skeleton className="h-6 w-11 shrink-0 rounded-full" />
      ) : (
        <Switch
          id={id}
          checked={setting.data}
          disabled={!canManage || change.isPending}
          aria-describedby={`${id}-hint`}
          onCheckedChange={(required) => change.mutate({ workspaceId, required })}
        />
      )}
      <div className="space-y-1">
        {setting.isPending ? <p className="text-sm font-medium leading-none">{approvalCopy.settingLabel}</p> : <Label htmlFor={id}>{approvalCopy.settingLabel}</Label>}
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {approvalCopy.settingHint} {canManage ? null : approvalCopy.settingAdminsOnly}
        </p>
      </div>
    </div>
  );
}
