import { FileText, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { contentCopy } from '@/config/content-copy';
import { messages } from '@/config/messages';
import { useDeleteContentItem } from '@/features/content/api/delete-content-item';
import { useContentItems } from '@/features/content/api/get-content-items';
import { ContentItemsTable } from '@/features/content/components/content-items-table';
import type { ContentItem } from '@/features/content/utils/content-form';
import { useAuth } from '@/lib/auth';
import { describeLoadFailure } from '@/lib/error-kinds';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

interface ContentItemsCardProps {
  onCreate(): void;
  onEdit(item: ContentItem): void;
}

/** The organization's content items: loading → error (with retry) → empty → table, then more pages on demand. */
export function ContentItemsCard({ onCreate, onEdit }: ContentItemsCardProps) {
  const { organizationId, loading: isAuthLoading, isProfileLoading } = useAuth();
  const query = useContentItems();
  const remove = useDeleteContentItem();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const runOne = useOneAtATime();
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const hasOrganization = organizationId !== null;

  function handleConfirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    runOne(() => remove.mutateAsync(id).finally(() => setDeleting(null)));
  }

  let body;
  if (!hasOrganization && !isAuthLoading && !isProfileLoading) {
    body = <ListStatus kind="error" title={contentCopy.organizationUnavailable} />;
  } else if (!hasOrganization || query.isPending) {
    body = <ListStatus kind="loading" title={contentCopy.loading} />;
  } else if (query.isError && !query.data) {
    body = (
      <ListStatus kind="error" title={messages.content.loadFailed} description={describeLoadFailure(query.error)}>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {contentCopy.retry}
        </Button>
      </ListStatus>
    );
  } else if (items.length === 0) {
    body = (
      <ListStatus kind="empty" icon={FileText} title={contentCopy.emptyTitle} description={contentCopy.emptyDescription}>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          {contentCopy.createFirst}
        </Button>
      </ListStatus>
    );
  } else {
    body = (
      <>
        <ContentItemsTable items={items} onEdit={onEdit} onDelete={setDeleting} />
        {query.isError ? (
          // A later page (or a reload) failed: the rows already shown stay, the failure is said here.
          <p role="alert" className="pt-4 text-center text-sm text-destructive">
            {messages.content.loadFailed}. {describeLoadFailure(query.error)}
          </p>
        ) : null}
        {query.hasNextPage ? (
          <div className="flex justify-center pt-4">
            <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? contentCopy.loadingMore : contentCopy.loadMore}
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
            {contentCopy.listTitle}
          </h2>
          <CardDescription>{contentCopy.listDescription}</CardDescription>
        </div>
        <Button onClick={onCreate} disabled={!hasOrganization}>
          <Plus aria-hidden="true" />
          {contentCopy.createContent}
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={messages.content.confirmDelete}
        description={deleting?.title}
        confirmLabel={contentCopy.deleteConfirm}
        pendingLabel={contentCopy.deleting}
        cancelLabel={contentCopy.cancel}
        isPending={remove.isPending}
        onConfirm={handleConfirmDelete}
        focusAfterConfirm={headingRef}
      />
    </Card>
  );
}
