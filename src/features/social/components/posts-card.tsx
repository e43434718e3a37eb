import { ExternalLink, Pencil, Send } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { socialCopy } from '@/config/social-copy';
import { useSocialAccounts } from '@/features/social/api/get-social-accounts';
import { useSocialPosts, type SocialPost } from '@/features/social/api/get-social-posts';
import { useSendChannelAgain } from '@/features/social/api/send-channel-again';
import { approvalBadge, canSendAgain, channelBadge } from '@/features/social/utils/channel-display';
import { editRefusal } from '@/features/social/utils/edit-post';

/** A post's approval (status, review, share a link): its code loads only for posts that have one (issue 33). */
const PostApproval = lazy(() => import('@/features/social/components/post-approval').then((module) => ({ default: module.PostApproval })));

/** The edit dialog (Radix Dialog and the composer's form) loads when opened. */
const EditPostDialog = lazy(() => import('@/features/social/components/edit-post-dialog').then((module) => ({ default: module.EditPostDialog })));

/** The latest posts: when, and per account its result (published with a link, failed or unconfirmed in words, "Send again"). */
export function PostsCard({ workspaceId, canWrite, canManage }: { workspaceId: string; canWrite: boolean; canManage: boolean }) {
  const titleId = useId();
  const posts = useSocialPosts(workspaceId);
  const accounts = useSocialAccounts(workspaceId);
  const again = useSendChannelAgain();
  const [editing, setEditing] = useState<SocialPost | null>(null);
  const nameOf = (accountId: string) => accounts.data?.find((account) => account.id === accountId)?.display_name ?? '…';

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">{socialCopy.postsTitle}</h2>
        <CardDescription>{socialCopy.postsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {posts.isPending ? (
          <ListStatus kind="loading" title={socialCopy.postsLoading} />
        ) : posts.isError ? (
          <ListStatus kind="error" title={socialCopy.postsFailed}>
            <Button variant="outline" onClick={() => void posts.refetch()}>{socialCopy.retry}</Button>
          </ListStatus>
        ) : posts.data.length === 0 ? (
          <ListStatus kind="empty" icon={Send} title={socialCopy.postsEmpty} description={socialCopy.postsEmptyDescription} />
        ) : (
          <ul className="divide-y">
            {posts.data.map((post) => (
              <li key={post.id} className="space-y-2 py-3">
                <p className="whitespace-pre-wrap break-words">{post.body}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-sm text-muted-foreground">{post.scheduled_at ? new Date(post.scheduled_at).toLocaleString() : socialCopy.draft}</p>
                  {canWrite && editRefusal(post) === null ? (
                    <Button size="sm" variant="outline" aria-label={socialCopy.editLabel(post.body)} onClick={() => setEditing(post)}>
                      <Pencil aria-hidden="true" />
                      {socialCopy.edit}
                    </Button>
                  ) : null}
                </div>
                {approvalBadge(post.approval_status) ? (
                  <Suspense fallback={null}>
                    <PostApproval post={post} canManage={canManage} />
                  </Suspense>
                ) : null}
                <ul className="space-y-2">
                  {post.social_post_channels.map((channel) => {
                    const badge = channelBadge(channel.status);
                    return (
                      <li key={channel.id} className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="break-all font-medium">{nameOf(channel.account_id)}</span>
                        <Badge variant={badge.variant}>{badge.label}</Badge>
                        {channel.published_url ? (
                          <a href={channel.published_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline">
                            {channel.published_url.replace(/^https?:\/\//, '')}
                            <ExternalLink className="h-3 w-3" aria-hidden="true" />
                          </a>
                        ) : null}
                        {channel.result_message ? <span className="basis-full break-words text-muted-foreground">{channel.result_message}</span> : null}
                        {canWrite && canSendAgain(channel.status) ? (
                          <Button size="sm" variant="outline" aria-label={`${socialCopy.sendAgain}: ${nameOf(channel.account_id)}`} disabled={again.isPending} onClick={() => again.mutate(channel.id)}>{socialCopy.sendAgain}</Button>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {editing ? <EditPostDialog key={editing.id} workspaceId={workspaceId} post={editing} accounts={accounts.data ?? []} onOpenChange={(open) => (open ? undefined : setEditing(null))} /> : null}
      </Suspense>
    </Card>
  );
}
