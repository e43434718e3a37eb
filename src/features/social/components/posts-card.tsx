import { Pencil, Send } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { socialCopy } from '@/config/social-copy';
import { useSocialAccounts, type SocialAccount } from '@/lib/social-accounts';
import { useSocialPosts, type SocialPost } from '@/features/social/api/get-social-posts';
import { useSendChannelAgain } from '@/features/social/api/send-channel-again';
import { PostChannelItem } from '@/features/social/components/post-channel-item';
import { approvalBadge } from '@/features/social/utils/channel-display';
import { canEditPost } from '@/features/social/utils/edit-post';

/** A post's approval (status, review, share a link): its code loads only for posts that have one (issue 33). */
const PostApproval = lazy(() => import('@/features/social/components/post-approval').then((module) => ({ default: module.PostApproval })));

/** The edit dialog (Radix Dialog and the composer's form) loads when opened. */
const EditPostDialog = lazy(() => import('@/features/social/components/edit-post-dialog').then((module) => ({ default: module.EditPostDialog })));

interface PostsCardProps {
  workspaceId: string;
  canWrite: boolean;
  canManage: boolean;
  /** Opens the reconnect dialog of a queued post's broken account. */
  onReconnect(account: SocialAccount): void;
}

/** The latest posts: when, and per account its result (published with a link, failed or unconfirmed in words, "Send again", "Needs reconnecting"). */
export function PostsCard({ workspaceId, canWrite, canManage, onReconnect }: PostsCardProps) {
  const titleId = useId();
  const posts = useSocialPosts(workspaceId);
  const accounts = useSocialAccounts(workspaceId);
  const again = useSendChannelAgain();
  const [editing, setEditing] = useState<SocialPost | null>(null);

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
                  {canWrite && canEditPost(post) ? (
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
                  {post.social_post_channels.map((channel) => (
                    <PostChannelItem
                      key={channel.id}
                      channel={channel}
                      account={accounts.data?.find((account) => account.id === channel.account_id)}
                      canWrite={canWrite}
                      isSending={again.isPending}
                      onSendAgain={(channelId) => again.mutate(channelId)}
                      onReconnect={onReconnect}
                    />
                  ))}
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
