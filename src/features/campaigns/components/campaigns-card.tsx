import { Megaphone, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { RecordCardList } from '@/components/records/record-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { campaignCopy } from '@/config/campaign-copy';
import { messages } from '@/config/messages';
import { useDeleteCampaign } from '@/features/campaigns/api/delete-campaign';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { CampaignRow } from '@/features/campaigns/components/campaign-row';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { toggleOpenRow, visibleOpenRow } from '@/features/campaigns/utils/open-row';
import { useAuth } from '@/lib/auth';
import { describeLoadFailure } from '@/lib/error-kinds';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

interface CampaignsCardProps {
  onCreate(): void;
  onEdit(campaign: Campaign): void;
}

/** The organization's advertising campaigns: loading → error (with retry) → empty → rows, one open at a time. */
export function CampaignsCard({ onCreate, onEdit }: CampaignsCardProps) {
  const { organizationId, loading: isAuthLoading, isProfileLoading } = useAuth();
  const query = useCampaigns();
  const remove = useDeleteCampaign();
  const [openId, setOpenId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const runOne = useOneAtATime();
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const campaigns = query.data?.pages.flatMap((page) => page.items) ?? [];
  const shownOpenId = visibleOpenRow(openId, campaigns.map((campaign) => campaign.id));
  const hasOrganization = organizationId !== null;

  function handleConfirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    runOne(() => remove.mutateAsync(id).finally(() => setDeleting(null)));
  }

  let body;
  if (!hasOrganization && !isAuthLoading && !isProfileLoading) {
    body = <ListStatus kind="error" title={campaignCopy.organizationUnavailable} />;
  } else if (!hasOrganization || query.isPending) {
    body = <ListStatus kind="loading" title={campaignCopy.loading} />;
  } else if (query.isError && !query.data) {
    body = (
      <ListStatus kind="error" title={messages.campaigns.loadFailed} description={describeLoadFailure(query.error)}>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {campaignCopy.retry}
        </Button>
      </ListStatus>
    );
  } else if (campaigns.length === 0) {
    body = (
      <ListStatus kind="empty" icon={Megaphone} title={messages.campaigns.empty} description={campaignCopy.emptyDescription}>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          {campaignCopy.createFirst}
        </Button>
      </ListStatus>
    );
  } else {
    body = (
      <>
        <RecordCardList>
          {campaigns.map((campaign) => (
            <CampaignRow
              key={campaign.id}
              campaign={campaign}
              isOpen={campaign.id === shownOpenId}
              onToggle={() => setOpenId(toggleOpenRow(shownOpenId, campaign.id))}
              onEdit={() => onEdit(campaign)}
              onDelete={() => setDeleting(campaign)}
            />
          ))}
        </RecordCardList>
        {query.isError ? (
          // A later page (or a reload) failed: the rows already shown stay, the failure is said here.
          <p role="alert" className="pt-4 text-center text-sm text-destructive">
            {messages.campaigns.loadFailed}. {describeLoadFailure(query.error)}
          </p>
        ) : null}
        {query.hasNextPage ? (
          <div className="flex justify-center pt-4">
            <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? campaignCopy.loadingMore : campaignCopy.loadMore}
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
            {campaignCopy.listTitle}
          </h2>
          <CardDescription>{campaignCopy.listDescription}</CardDescription>
        </div>
        <Button onClick={onCreate} disabled={!hasOrganization}>
          <Plus aria-hidden="true" />
          {campaignCopy.createCampaign}
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={messages.campaigns.confirmDelete}
        description={deleting?.title}
        confirmLabel={campaignCopy.deleteConfirm}
        pendingLabel={campaignCopy.deleting}
        cancelLabel={campaignCopy.cancel}
        isPending={remove.isPending}
        onConfirm={handleConfirmDelete}
        focusAfterConfirm={headingRef}
      />
    </Card>
  );
}
