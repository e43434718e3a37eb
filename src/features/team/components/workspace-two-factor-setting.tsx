import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { workspaceTwoFactorCopy as copy } from '@/config/security-copy';
import { useSetWorkspaceTwoFactor } from '@/features/team/api/set-workspace-two-factor';
import type { Workspace } from '@/lib/workspace-choice';

/**
 * "Members must use two-factor authentication": owners switch it; everyone sees whether it is on. The database
 * enforces it (a member's data requests without a two-factor code get nothing of this workspace).
 */
export function WorkspaceTwoFactorSetting({ workspace }: { workspace: Workspace }) {
  const id = useId();
  const change = useSetWorkspaceTwoFactor();
  const isOwner = workspace.accessRole === 'owner';
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <label htmlFor={id} className="font-medium">
          {copy.settingLabel}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {copy.settingDescription} {isOwner ? null : copy.settingOwnersOnly}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={workspace.requiresTwoFactor}
        disabled={!isOwner || change.isPending}
        aria-busy={change.isPending || undefined}
        onCheckedChange={(required) => change.mutate({ workspaceId: workspace.id, required })}
      />
    </div>
  );
}
