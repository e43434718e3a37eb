import { assetCopy } from '@/config/asset-copy';
import type { AssetComment } from '@/features/assets/api/asset-types';
import { AssetStatusBadge } from '@/features/assets/components/asset-status-badge';
import { formatDateTime } from '@/lib/format';

/** The review's comments, oldest first, each with its author, moment and the status it came with. */
export function AssetComments({ comments }: { comments: AssetComment[] }) {
  const copy = assetCopy.review;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-medium">{copy.comments}</h4>
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{copy.noComments}</p>
      ) : (
        <ol className="space-y-2">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-md border p-2 text-sm">
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{comment.author_name ?? copy.formerMember}</span>
                <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time>
                {comment.status_change ? <AssetStatusBadge status={comment.status_change} /> : null}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
