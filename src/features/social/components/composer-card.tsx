import { Upload } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { socialCopy } from '@/config/social-copy';
import { useSocialAccounts } from '@/lib/social-accounts';
import { useSaveSocialPost } from '@/features/social/api/save-social-post';
import { PostForm } from '@/features/social/components/post-form';
import { useWorkspace } from '@/lib/workspace';

/** The CSV wizard and the posts' checks load when "Import posts" is pressed (issue 33: not on the first load). */
const ImportPostsDialog = lazy(() => import('@/features/social/components/import-posts-dialog').then((module) => ({ default: module.ImportPostsDialog })));

/**
 * A new post, a version per chosen account with its network's live length check, saved as a draft or scheduled; or
 * many posts from a CSV file ("Import posts").
 */
export function ComposerCard({ workspaceId }: { workspaceId: string }) {
  const titleId = useId();
  const accounts = useSocialAccounts(workspaceId);
  const save = useSaveSocialPost();
  const timeZone = useWorkspace().current?.timeZone ?? 'UTC';
  const [importing, setImporting] = useState(false);
  const usable = (accounts.data ?? []).filter((account) => account.status !== 'failed');

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-xl font-semibold tracking-tight">{socialCopy.composeTitle}</h2>
          <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" />
            {socialCopy.importPosts}
          </Button>
        </div>
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
      <Suspense fallback={null}>
        {importing ? <ImportPostsDialog workspaceId={workspaceId} timeZone={timeZone} onClose={() => setImporting(false)} /> : null}
      </Suspense>
    </Card>
  );
}
