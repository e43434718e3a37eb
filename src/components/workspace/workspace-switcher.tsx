import { Check, Contact, Plus, Users } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Separator } from '@/components/ui/separator';
import { WorkspaceSwitcherButton } from '@/components/workspace/workspace-switcher-button';
import { accessRoleLabel } from '@/config/access-roles';
import { paths } from '@/config/paths';
import { workspaceCopy } from '@/config/team-copy';
import { cn } from '@/lib/utils';
import { useWorkspace } from '@/lib/workspace';

const CreateWorkspaceDialog = lazy(() =>
  import('@/components/workspace/create-workspace-dialog').then((module) => ({ default: module.CreateWorkspaceDialog })),
);

/**
 * The signed-in header's one workspace control: shows the current workspace; opens the list of the user's
 * workspaces (switching changes every list, figure and dialog of the page), the Team screen and Create Workspace.
 * Self-contained, so a header layout only has to place it.
 */
export function WorkspaceSwitcher({
  compact = false,
  className,
  defaultOpen = false,
}: {
  /** An icon only (the phone header). */
  compact?: boolean;
  className?: string;
  /** Open at once (its button was clicked before the switcher's code was loaded). */
  defaultOpen?: boolean;
}) {
  const { workspaces, current, error, select, refresh } = useWorkspace();
  const [open, setOpen] = useState(defaultOpen);
  const [isCreating, setIsCreating] = useState(false);
  const headingId = useId();

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <WorkspaceSwitcherButton compact={compact} className={className} />
        </PopoverTrigger>
        <PopoverContent aria-labelledby={headingId}>
          <p id={headingId} className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            {workspaceCopy.yourWorkspaces}
          </p>
          {error && workspaces.length === 0 ? (
            <div className="space-y-2 px-2 py-1.5 text-sm">
              <p role="alert">{workspaceCopy.loadFailed}</p>
              <Button variant="outline" size="sm" onClick={() => void refresh()}>
                {workspaceCopy.retry}
              </Button>
            </div>
          ) : (
            <ul className="max-h-64 space-y-0.5 overflow-y-auto" aria-labelledby={headingId}>
              {workspaces.map((workspace) => {
                const isCurrent = workspace.id === current?.id;
                return (
                  <li key={workspace.id}>
                    <button
                      type="button"
                      aria-current={isCurrent ? 'true' : undefined}
                      className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                      onClick={() => {
                        select(workspace.id);
                        setOpen(false);
                      }}
                    >
                      <Check className={cn('h-4 w-4 shrink-0', isCurrent ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                      <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
                      <span className="text-xs text-muted-foreground">{accessRoleLabel(workspace.accessRole)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <Separator className="my-2" />
          {current ? (
            <Link to={paths.team} onClick={() => setOpen(false)} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'w-full justify-start')}>
              <Users aria-hidden="true" />
              {workspaceCopy.team}
            </Link>
          ) : null}
          {current ? (
            <Link to={paths.contacts} onClick={() => setOpen(false)} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'w-full justify-start')}>
              <Contact aria-hidden="true" />
              {workspaceCopy.contacts}
            </Link>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="w-full justify-start"
            onClick={() => {
              setOpen(false);
              setIsCreating(true);
            }}
          >
            <Plus aria-hidden="true" />
            {workspaceCopy.createWorkspace}
          </Button>
        </PopoverContent>
      </Popover>
      {isCreating ? (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog open onOpenChange={setIsCreating} />
        </Suspense>
      ) : null}
    </>
  );
}
