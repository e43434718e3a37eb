import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { socialEditCopy } from '@/config/social-edit-copy';
import type { SocialAccount } from '@/lib/social-accounts';
import type { SocialPost } from '@/features/social/api/get-social-posts';
import { useUpdateSocialPost } from '@/features/social/api/update-social-post';
import { PostForm } from '@/features/social/components/post-form';
import { composerStateFromPost } from '@/features/social/utils/edit-post';

interface EditPostDialogProps {
  workspaceId: string;
  post: SocialPost;
  accounts: readonly SocialAccount[];
  onOpenChange(open: boolean): void;
}

/**
 * A draft or queued post in the composer's form, prefilled; "Save changes" goes through `save_social_post`. A refused
 * save keeps the dialog open with the database's words by the buttons, and everything typed.
 */
export function EditPostDialog({ workspaceId, post, accounts, onOpenChange }: EditPostDialogProps) {
  const update = useUpdateSocialPost();
  const initial = composerStateFromPost(post);
  // Its own accounts stay choosable even if one broke since (the server says why it cannot publish there).
  const usable = accounts.filter((account) => account.status !== 'failed' || initial.selected.includes(account.id));

  return (
    <Dialog open onOpenChange={(next) => (update.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{socialEditCopy.editTitle}</DialogTitle>
          <DialogDescription>{socialEditCopy.editDescription}</DialogDescription>
        </DialogHeader>
        <PostForm
          postId={post.id}
          accounts={usable}
          initial={initial}
          mode="edit"
          saveChangesLabel={socialEditCopy.saveChanges}
          isPending={update.isPending}
          serverError={update.error instanceof Error ? update.error.message : undefined}
          onCancel={() => onOpenChange(false)}
          onSubmit={(changes) => update.mutate({ workspaceId, postId: post.id, approvalBefore: post.approval_status, ...changes }, { onSuccess: () => onOpenChange(false) })}
        />
      </DialogContent>
    </Dialog>
  );
}
