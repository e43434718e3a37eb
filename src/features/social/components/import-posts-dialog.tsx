import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { CsvImportDialog } from '@/components/csv/csv-import-dialog';
import type { CsvMappingStore } from '@/components/csv/csv-schema';
import type { ImportBatch } from '@/components/csv/run-import';
import { ListStatus } from '@/components/module/list-status';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useSocialAccounts } from '@/lib/social-accounts';
import { importSocialPosts } from '@/features/social/api/import-social-posts';
import { socialKeys } from '@/features/social/api/keys';
import { importPostsCopy } from '@/features/social/components/import-posts-copy';
import { postsCsvSchema, type ImportedPost, type PostCsvField } from '@/features/social/utils/posts-csv';
import { useAuth } from '@/lib/auth';
import { workspaceMappingStore } from '@/lib/csv-mapping-store';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

interface ImportPostsDialogProps {
  workspaceId: string;
  timeZone: string;
  onClose(): void;
}

/**
 * "Import posts": the shared CSV wizard with the posts' fields; every line checked by mapPostRow (the composer's
 * rules) before anything is sent, then saved line by line through save_social_post (import-social-posts.ts).
 */
export function ImportPostsDialog({ workspaceId, timeZone, onClose }: ImportPostsDialogProps) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const accounts = useSocialAccounts(workspaceId);
  const [now] = useState(() => new Date());
  const stored = useRef(0);
  const schema = useMemo(() => postsCsvSchema(accounts.data ?? [], timeZone, now), [accounts.data, timeZone, now]);
  const mappingStore = useMemo<CsvMappingStore<PostCsvField>>(() => {
    const store = workspaceMappingStore<PostCsvField>(supabase, workspaceId, userId ?? '', 'social_posts');
    return { load: store.load, save: (mapping) => store.save(mapping).catch(() => void toast.error(importPostsCopy.mappingNotSaved)) };
  }, [workspaceId, userId]);
  const importBatch: ImportBatch<ImportedPost> = async (rows, lines) => {
    const result = await importSocialPosts(supabase, workspaceId, rows, lines);
    stored.current += result.added;
    return result;
  };
  const describeError = (error: unknown) =>
    `${error instanceof Error ? error.message : String(error)} ${stored.current > 0 ? importPostsCopy.partlyImported(stored.current) : importPostsCopy.nothingImported}`;

  if (!accounts.data) {
    return (
      <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{importPostsCopy.title}</DialogTitle>
            <DialogDescription>{importPostsCopy.description(timeZone)}</DialogDescription>
          </DialogHeader>
          {accounts.isError ? <ListStatus kind="error" title={importPostsCopy.accountsFailed} /> : <ListStatus kind="loading" title={importPostsCopy.loadingAccounts} />}
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <CsvImportDialog<PostCsvField, ImportedPost>
      title={importPostsCopy.title}
      description={importPostsCopy.description(timeZone)}
      schema={schema}
      mappingStore={mappingStore}
      importBatch={importBatch}
      batchSize={25}
      describeError={describeError}
      onClose={(summary) => {
        if (summary) {
          void queryClient.invalidateQueries({ queryKey: socialKeys.all });
          if (summary.failure) toast.error(importPostsCopy.failed, { description: describeError(summary.failure.error) });
          else if (summary.refused.length > 0) toast.error(`${importPostsCopy.imported(summary.added)} ${importPostsCopy.refused(summary.refused.length)}`);
          else toast.success(importPostsCopy.imported(summary.added));
        }
        onClose();
      }}
    />
  );
}
