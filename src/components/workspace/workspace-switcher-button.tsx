import { Building2, ChevronsUpDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { workspaceCopy } from '@/config/team-copy';
import { cn } from '@/lib/utils';
import { useWorkspace } from '@/lib/workspace';

export interface WorkspaceSwitcherButtonProps extends ComponentProps<typeof Button> {
  /** An icon only (the phone header). */
  compact?: boolean;
}

/**
 * The workspace switcher's button: the current workspace (or an icon). Light on purpose: a header renders it at once
 * and loads the switcher's popover only when it is about to be used (`useLoadOnIntent`).
 */
export function WorkspaceSwitcherButton({ compact = false, className, ...props }: WorkspaceSwitcherButtonProps) {
  const { current, isLoading } = useWorkspace();
  const triggerText = current?.name ?? (isLoading ? workspaceCopy.loading : workspaceCopy.switcherLabel);
  return (
    <Button
      variant="outline"
      size={compact ? 'icon' : 'default'}
      className={cn(!compact && 'max-w-[16rem] justify-between', compact && 'shrink-0', className)}
      aria-label={current ? workspaceCopy.switcherHint(current.name) : workspaceCopy.switcherLabel}
      title={compact ? triggerText : undefined}
      disabled={isLoading}
      {...props}
    >
      <Building2 aria-hidden="true" />
      {compact ? null : (
        <>
          <span className="truncate">{triggerText}</span>
          <ChevronsUpDown className="opacity-60" aria-hidden="true" />
        </>
      )}
    </Button>
  );
}
