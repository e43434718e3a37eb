import { Globe, Plus, Settings, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeferredOptionSelect } from '@/components/deferred-option-select';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { seoCopy } from '@/config/seo-copy';
import { useDeleteSeoSite } from '@/features/seo/api/delete-seo-site';
import { useSeoSites } from '@/features/seo/api/get-seo-sites';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { SitePanel } from '@/features/seo/components/site-panel';
import { withView } from '@/features/seo/utils/seo-view';

interface SeoToolkitProps {
  seo: SeoClient;
  /** The workspace whose sites are shown; null: the agency's own site (site admins). */
  workspaceId: string | null;
  canWrite: boolean;
  /** Shown instead of figures while the workspace audits no site (the spec's samples, marked). */
  sample?: ReactNode;
}

const copy = seoCopy.sites;
const SiteDialog = lazy(() => import('@/features/seo/components/site-dialog').then((m) => ({ default: m.SiteDialog })));

/**
 * The SEO Toolkit: the audited sites (members add, change and remove them; the agency's one site is only changed),
 * and the chosen site's figures, audits, issues, changes, health history and keywords. The chosen site and view are
 * in the address (`?site=…&tab=…&issue=…&page=…`), so a link or the back button returns to them.
 */
export function SeoToolkit({ seo, workspaceId, canWrite, sample }: SeoToolkitProps) {
  const sites = useSeoSites(seo, workspaceId);
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const deleteSite = useDeleteSeoSite(seo);
  const isAgency = workspaceId === null;

  if (sites.isPending) return <ListStatus kind="loading" title={copy.title} />;
  if (sites.isError) {
    return (
      <ListStatus kind="error" title={copy.loadFailed} description={sites.error.message}>
        <Button type="button" variant="outline" onClick={() => void sites.refetch()}>
          {copy.retry}
        </Button>
      </ListStatus>
    );
  }
  const list = sites.data;
  const site = list.find((entry) => entry.id === params.get('site')) ?? list[0] ?? null;
  const choose = (siteId: string) => setParams(withView(new URLSearchParams(), { site: siteId }));
  const addButton = canWrite && !isAgency ? (
    <Button type="button" onClick={() => setDialog('add')}>
      <Plus className="mr-2 h-4 w-4" aria-hidden="true" />
      {copy.add}
    </Button>
  ) : null;

  return (
    <>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="space-y-1">
            <h2 className="text-xl font-semibold leading-none tracking-tight">{copy.title}</h2>
            <CardDescription>{copy.description}</CardDescription>
          </div>
          {site ? addButton : null}
        </CardHeader>
        <CardContent>
          {site ? (
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1 space-y-2 sm:max-w-md">
                <Label htmlFor="seo-site">{copy.pick}</Label>
                <DeferredOptionSelect
                  id="seo-site"
                  value={site.id}
                  onChange={choose}
                  options={list.map((entry) => ({ value: entry.id, label: `${entry.name}${entry.start_url ? ` (${entry.start_url})` : ''}` }))}
                />
              </div>
              {canWrite ? (
                <Button type="button" variant="outline" onClick={() => setDialog('edit')}>
                  <Settings className="mr-2 h-4 w-4" aria-hidden="true" />
                  {copy.edit}
                </Button>
              ) : null}
              {canWrite && !isAgency ? (
                <Button type="button" variant="outline" onClick={() => setIsRemoving(true)}>
                  <Trash2 className="mr-2 h-4 w-4" aria-hidden="true" />
                  {copy.removeShort}
                </Button>
              ) : null}
            </div>
          ) : (
            <ListStatus kind="empty" icon={Globe} title={copy.noSiteTitle} description={canWrite ? copy.firstSitePrompt : copy.viewerPrompt}>
              {addButton}
            </ListStatus>
          )}
        </CardContent>
      </Card>
      {site ? <SitePanel key={site.id} seo={seo} site={site} canWrite={canWrite} /> : sample}
      {dialog ? (
        <Suspense fallback={null}>
          <SiteDialog
            seo={seo}
            workspaceId={workspaceId}
            site={dialog === 'edit' ? site : null}
            onSaved={(saved) => (dialog === 'add' ? choose(saved.id) : undefined)}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      {site ? (
        <ConfirmDialog
          open={isRemoving}
          onOpenChange={setIsRemoving}
          title={copy.removeTitle(site.name)}
          description={copy.removeDescription}
          confirmLabel={copy.removeConfirm}
          pendingLabel={copy.removing}
          cancelLabel={copy.cancel}
          isPending={deleteSite.isPending}
          onConfirm={() => deleteSite.mutate(site, { onSettled: () => setIsRemoving(false), onSuccess: () => setParams(new URLSearchParams()) })}
        />
      ) : null}
    </>
  );
}
