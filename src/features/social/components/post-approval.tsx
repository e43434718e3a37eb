import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { approvalCopy } from '@/config/social-approval-copy';
import type { SocialPost } from '@/features/social/api/get-social-posts';
import { useReviewSocialPost } from '@/features/social/api/review-social-post';
import { useSharePostForApproval } from '@/features/social/api/share-post-for-approval';
import { copyText } from '@/lib/copy-text';
import { approvalBadge } from '@/features/social/utils/channel-display';

/**
 * A post's approval: its status and the reviewer's comment for everyone; for admins and owners, while it waits,
 * Approve, Request changes (with a comment) and Share for approval (an expiring link for an outside reviewer).
 */
export function PostApproval({ post, canManage }: { post: SocialPost; canManage: boolean }) {
  const id = useId();
  const review = useReviewSocialPost();
  const share = useSharePostForApproval();
  const [isRequesting, setIsRequesting] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const linkField = useRef<HTMLInputElement>(null);
  const badge = approvalBadge(post.approval_status);
  if (!badge) return null;
  const link = share.data ? `${window.location.origin}${paths.approve(share.data.token)}` : null;
  const isAwaiting = post.approval_status === 'awaiting';

  function requestChanges() {
    if (!comment.trim()) {
      setCommentError(approvalCopy.commentRequired);
      return;
    }
    setCommentError(undefined);
    review.mutate({ postId: post.id, decision: 'request_changes', comment: comment.trim() }, { onSuccess: () => setIsRequesting(false) });
  }

  async function copy() {
    if (!link) return;
    if (await copyText(link, linkField.current)) toast.success(approvalCopy.copied);
    else toast.error(approvalCopy.copyFailed);
  }

  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        {post.approval_reviewer && !isAwaiting ? <span className="text-muted-foreground">{approvalCopy.by(post.approval_reviewer)}</span> : null}
      </p>
      {post.approval_comment ? <p className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-2">{post.approval_comment}</p> : null}
      {canManage && isAwaiting ? (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={review.isPending} onClick={() => review.mutate({ postId: post.id, decision: 'approve' })}>{approvalCopy.approve}</Button>
            <Button size="sm" variant="outline" aria-expanded={isRequesting} aria-controls={`${id}-request`} disabled={review.isPending} onClick={() => setIsRequesting(!isRequesting)}>{approvalCopy.requestChanges}</Button>
            <Button size="sm" variant="outline" disabled={share.isPending} onClick={() => share.mutate(post.id)}>{share.isPending ? approvalCopy.sharing : approvalCopy.share}</Button>
          </div>
          {isRequesting ? (
            <div id={`${id}-request`} className="space-y-2">
              <FormField label={approvalCopy.comment} error={commentError}>
                <Textarea rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
              </FormField>
              <div className="flex gap-2">
                <Button size="sm" disabled={review.isPending} onClick={requestChanges}>{approvalCopy.sendRequest}</Button>
                <Button size="sm" variant="ghost" onClick={() => setIsRequesting(false)}>{approvalCopy.cancel}</Button>
              </div>
            </div>
          ) : null}
          {link ? (
            <div className="flex flex-wrap items-end gap-2">
              <FormField label={approvalCopy.linkLabel} hint={approvalCopy.linkHint} className="min-w-0 flex-1">
                <Input ref={linkField} readOnly value={link} onFocus={(event) => event.target.select()} />
              </FormField>
              <Button size="sm" variant="outline" onClick={() => void copy()}>{approvalCopy.copy}</Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
