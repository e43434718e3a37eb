import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { assetCopy } from '@/config/asset-copy';
import type { AssetStatus } from '@/config/asset-options';
import { useAddAssetComment } from '@/features/assets/api/add-asset-comment';
import type { AssetPage } from '@/features/assets/api/asset-types';
import { useSetAssetStatus } from '@/features/assets/api/set-asset-status';
import { AssetComments } from '@/features/assets/components/asset-comments';
import { AssetStatusBadge } from '@/features/assets/components/asset-status-badge';
import { needsComment, nextStatuses } from '@/features/assets/utils/review-moves';

/**
 * The review: the status, the moves the status allows (members and up), a comment box (everyone, viewers too; a
 * move takes the comment with it, and "Request Changes" needs one) and the comments so far.
 */
export function AssetReview({ page, canWrite }: { page: AssetPage; canWrite: boolean }) {
  const copy = assetCopy.review;
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useSetAssetStatus();
  const add = useAddAssetComment();
  const isBusy = move.isPending || add.isPending;
  const assetId = page.asset.id;

  function handleMove(status: AssetStatus) {
    if (needsComment(status) && comment.trim() === '') return setError(copy.changesNeedComment);
    setError(null);
    move.mutate({ assetId, status, comment }, { onSuccess: () => setComment('') });
  }

  function handleComment() {
    if (comment.trim() === '') return;
    setError(null);
    add.mutate({ assetId, body: comment }, { onSuccess: () => setComment('') });
  }

  return (
    <section aria-labelledby="asset-review-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="asset-review-title" className="font-semibold">
          {copy.title}
        </h3>
        <AssetStatusBadge status={page.asset.status} />
      </div>
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          {nextStatuses(page.asset.status).map((status) => (
            <Button key={status} type="button" size="sm" variant={status === 'approved' ? 'default' : 'outline'} disabled={isBusy} onClick={() => handleMove(status)}>
              {copy.moves[status]}
            </Button>
          ))}
        </div>
      ) : null}
      <div className="space-y-2">
        <Label htmlFor={commentId}>{copy.commentLabel}</Label>
        <Textarea
          id={commentId}
          rows={2}
          maxLength={4000}
          placeholder={copy.commentPlaceholder}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${commentId}-error` : undefined}
        />
        {error ? (
          <p id={`${commentId}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="button" size="sm" variant="secondary" disabled={isBusy || comment.trim() === ''} onClick={handleComment}>
          {add.isPending ? copy.sending : copy.send}
        </Button>
      </div>
      <AssetComments comments={page.comments} />
    </section>
  );
}
