import { Plus, type LucideIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { workspaceCopy } from '@/config/team-copy';
import { useAuth } from '@/lib/auth';
import { describeLoadFailure } from '@/lib/error-kinds';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { useWorkspace } from '@/lib/workspace';

/** Every text a record list shows, from the feature's copy and messages. */
export interface RecordListCopy {
  title: string;
  description: string;
  create: string;
  createFirst: string;
  emptyTitle: string;
  emptyDescription: string;
  emptyReadOnly: string;
  loading: string;
  loadFailed: string;
  retry: string;
  loadMore: string;
  loadingMore: string;
  organizationUnavailable: string;
  confirmDelete: string;
  deleteConfirm: string;
  deleting: string;
  cancel: string;
}

/** The part of a TanStack infinite query over keyset pages that the list reads. */
export interface RecordPagesQuery<Item> {
  data?: { pages: { items: Item[] }[] };
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): Promise<unknown>;
  fetchNextPage(): Promise<unknown>;
}

export interface RecordListCardProps<Item extends { id: string; title: string }> {
  copy: RecordListCopy;
  icon: LucideIcon;
  query: RecordPagesQuery<Item>;
  /** Deletes one record by id (the feature's mutation: it toasts and refreshes the list). */
  remove: { mutateAsync(id: string): Promise<unknown>; isPending: boolean };
  onCreate(): void;
  /** The rows; edit/delete handlers are only given to people who may write. */
  children(items: Item[], actions: { canWrite: boolean; onDelete?(item: Item): void }): ReactNode;
  /** More header buttons (export, import), shown beside Create. */
  headerActions?: ReactNode;
}

/**
 * A workspace's records in a card: no workspace → loading → error (with retry) → empty (first action) → rows and
 * more pages on demand, with a confirmed delete that puts focus back on the list's heading. Viewers get no create,
 * edit or delete button. Content items and campaigns (and any later list) render only their rows.
 */
export function RecordListCard<Item extends { id: string; title: string }>({ copy, icon, query, remove, onCreate, children, headerActions }: RecordListCardProps<Item>) {
  const { loading: isAuthLoading } = useAuth();
  const workspace = useWorkspace();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const runOne = useOneAtATime();
  const [deleting, setDeleting] = useState<Item | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const hasOrganization = workspace.current !== null;
  const canWrite = hasOrganization && workspace.canWrite;

  function handleConfirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    runOne(() => remove.mutateAsync(id).finally(() => setDeleting(null)));
  }

  let body;
  if (!hasOrganization && !isAuthLoading && !workspace.isLoading) {
    body = workspace.error ? (
      <ListStatus kind="error" title={copy.organizationUnavailable} />
    ) : (
      <ListStatus kind="empty" icon={icon} title={workspaceCopy.noWorkspaceTitle} description={workspaceCopy.noWorkspaceDescription} />
    );
  } else if (!hasOrganization || query.isPending) {
    body = <ListStatus kind="loading" title={copy.loading} />;
  } else if (query.isError && !query.data) {
    body = (
      <ListStatus kind="error" title={copy.loadFailed} description={describeLoadFailure(query.error)}>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {copy.retry}
        </Button>
      </ListStatus>
    );
  } else if (items.length === 0) {
    body = (
      <ListStatus kind="empty" icon={icon} title={copy.emptyTitle} description={canWrite ? copy.emptyDescription : copy.emptyReadOnly}>
        {canWrite ? (
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" />
            {copy.createFirst}
          </Button>
        ) : null}
      </ListStatus>
    );
  } else {
    body = (
      <>
        {children(items, { canWrite, onDelete: canWrite ? setDeleting : undefined })}
        {query.isError ? (
          // A later page (or a reload) failed: the rows already shown stay, the failure is said here.
          <p role="alert" className="pt-4 text-center text-sm text-destructive">
            {copy.loadFailed}. {describeLoadFailure(query.error)}
          </p>
        ) : null}
        {query.hasNextPage ? (
          <div className="flex justify-center pt-4">
            <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? copy.loadingMore : copy.loadMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
            {copy.title}
          </h2>
          <CardDescription>{copy.description}</CardDescription>
        </div>
        {canWrite || headerActions ? (
          <div className="flex flex-wrap gap-2">
            {headerActions}
            {canWrite ? (
              <Button onClick={onCreate}>
                <Plus aria-hidden="true" />
                {copy.create}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={copy.confirmDelete}
        description={deleting?.title}
        confirmLabel={copy.deleteConfirm}
        pendingLabel={copy.deleting}
        cancelLabel={copy.cancel}
        isPending={remove.isPending}
        onConfirm={handleConfirmDelete}
        focusAfterConfirm={headingRef}
      />
    </Card>
  );
}
