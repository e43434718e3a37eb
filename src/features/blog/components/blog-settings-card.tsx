import { ExternalLink, Newspaper } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { checkBlogSlug, BLOG_SLUG_MAX } from '@/config/blog';
import { blogSettingsCopy, blogSlugMessages } from '@/config/blog-copy';
import { useCloseWorkspaceBlog } from '@/features/blog/api/close-workspace-blog';
import { useWorkspaceBlog } from '@/features/blog/api/get-workspace-blog';
import { useSaveWorkspaceBlog } from '@/features/blog/api/save-workspace-blog';
import { blogSlugErrorMessage, blogUrl } from '@/features/blog/utils/blog-errors';

interface BlogSettingsCardProps {
  workspaceId: string;
  /** Owners choose, change and close the address (the database allows nobody else). */
  isOwner: boolean;
}

/** The Content Hub's card of the workspace's public blog: its address, a link to it, and the owner's settings. */
export function BlogSettingsCard({ workspaceId, isOwner }: BlogSettingsCardProps) {
  const blog = useWorkspaceBlog(workspaceId);
  const save = useSaveWorkspaceBlog();
  const close = useCloseWorkspaceBlog();
  const [slug, setSlug] = useState<string | undefined>();
  const [slugError, setSlugError] = useState<string | undefined>();
  const [pendingMove, setPendingMove] = useState<string | undefined>();
  const [isClosing, setIsClosing] = useState(false);
  const current = blog.data?.slug;
  const value = slug ?? current ?? '';
  const origin = window.location.origin;

  function commit(next: string) {
    save.mutate(
      { workspaceId, slug: next, isMove: current !== undefined },
      {
        onSuccess: (saved) => {
          setSlug(undefined);
          setPendingMove(undefined);
          toast.success(current ? blogSettingsCopy.moved(blogUrl(origin, saved)) : blogSettingsCopy.opened(blogUrl(origin, saved)));
        },
        onError: (error) => {
          setPendingMove(undefined);
          const message = blogSlugErrorMessage(error);
          if (message) setSlugError(message);
          else toast.error(blogSettingsCopy.saveFailed, { description: error.message });
        },
      },
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkBlogSlug(value);
    setSlugError(checked.problem ? blogSlugMessages[checked.problem] : undefined);
    if (checked.problem || checked.slug === current) return;
    if (current) setPendingMove(checked.slug);
    else commit(checked.slug);
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <Newspaper className="h-5 w-5" aria-hidden="true" />
          {blogSettingsCopy.title}
        </h2>
        <p className="text-sm text-muted-foreground">{blogSettingsCopy.description}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {blog.isPending ? <ListStatus kind="loading" title={blogSettingsCopy.loading} /> : null}
        {blog.isError ? (
          <ListStatus kind="error" title={blogSettingsCopy.failed}>
            <Button variant="outline" onClick={() => void blog.refetch()}>
              {blogSettingsCopy.retry}
            </Button>
          </ListStatus>
        ) : null}
        {blog.isSuccess ? (
          <>
            {current ? (
              <p className="break-all text-sm">
                {blogSettingsCopy.liveAt}{' '}
                <a className="inline-flex items-center gap-1 font-medium text-primary underline" href={blogUrl(origin, current)} target="_blank" rel="noreferrer">
                  {blogUrl(origin, current)}
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                  <span className="sr-only">({blogSettingsCopy.view})</span>
                </a>
              </p>
            ) : (
              <p className="text-sm">{blogSettingsCopy.notOpen}</p>
            )}
            {isOwner ? (
              <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start" aria-label={blogSettingsCopy.title}>
                <FormField label={blogSettingsCopy.addressLabel} hint={`${origin}/blog/… · ${blogSettingsCopy.addressHint}`} error={slugError} className="flex-1">
                  <Input
                    value={value}
                    onChange={(event) => {
                      setSlug(event.target.value);
                      setSlugError(undefined);
                    }}
                    maxLength={BLOG_SLUG_MAX + 10}
                    autoComplete="off"
                    spellCheck={false}
                  />
                </FormField>
                <Button type="submit" className="sm:mt-8" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                  {save.isPending ? (current ? blogSettingsCopy.saving : blogSettingsCopy.opening) : current ? blogSettingsCopy.save : blogSettingsCopy.open}
                </Button>
              </form>
            ) : (
              <p className="rounded-md border bg-muted/50 p-3 text-sm">{blogSettingsCopy.ownersOnly}</p>
            )}
            {isOwner && current ? (
              <Button variant="outline" onClick={() => setIsClosing(true)}>
                {blogSettingsCopy.close}
              </Button>
            ) : null}
          </>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={pendingMove !== undefined}
        onOpenChange={(open) => (open ? undefined : setPendingMove(undefined))}
        title={blogSettingsCopy.moveTitle}
        description={blogSettingsCopy.moveDescription(current ? blogUrl(origin, current) : '')}
        confirmLabel={blogSettingsCopy.moveConfirm}
        pendingLabel={blogSettingsCopy.saving}
        cancelLabel={blogSettingsCopy.cancel}
        isPending={save.isPending}
        confirmVariant="default"
        onConfirm={() => pendingMove && commit(pendingMove)}
      />
      <ConfirmDialog
        open={isClosing}
        onOpenChange={setIsClosing}
        title={blogSettingsCopy.closeTitle}
        description={blogSettingsCopy.closeDescription}
        confirmLabel={blogSettingsCopy.closeConfirm}
        pendingLabel={blogSettingsCopy.closing}
        cancelLabel={blogSettingsCopy.cancel}
        isPending={close.isPending}
        onConfirm={() => close.mutate(workspaceId, { onSettled: () => setIsClosing(false), onSuccess: () => setSlug(undefined) })}
      />
    </Card>
  );
}
