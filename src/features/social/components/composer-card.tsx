import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { socialCopy } from '@/config/social-copy';
import { useSocialAccounts } from '@/features/social/api/get-social-accounts';
import { useSaveSocialPost } from '@/features/social/api/save-social-post';
import { PostForm } from '@/features/social/components/post-form';

/** A new post, a version per chosen account with its network's live length check, saved as a draft or scheduled. */
export function ComposerCard({ workspaceId }: { workspaceId: string }) {
  const titleId = useId();
  const accounts = useSocialAccounts(workspaceId);
  const save = useSaveSocialPost();
  const usable = (accounts.data ?? []).filter((account) => account.status !== 'failed');

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">{socialCopy.composeTitle}</h2>
        <CardDescription>{socialCopy.composeDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <PostForm
          workspaceId={workspaceId}
          accounts={usable}
          mode="create"
          isPending={save.isPending}
          onSubmit={(post, reset) => save.mutate({ workspaceId, ...post }, { onSuccess: reset })}
        />
      </CardContent>
    </Card>
  );
}
