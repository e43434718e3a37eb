import { Globe, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeferredOptionSelect } from '@/components/deferred-option-select';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { analyticsCopy } from '@/config/analytics-copy';
import { SNIPPET_PATH } from '@/config/analytics';
import { backendFromPage } from '@/config/env';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { useDeleteSite } from '@/features/analytics/api/delete-site';
import { useSites, type AnalyticsSite } from '@/features/analytics/api/get-sites';
import { SiteReport } from '@/features/analytics/components/site-report';
import { SnippetBox } from '@/features/analytics/components/snippet-box';
import { snippetTag } from '@/lib/analytics-snippet';
import { useWorkspace } from '@/lib/workspace';

// Dialogs load when they open: their Radix and form code stays off the page's first load (issue 33).
const AddSiteDialog = lazy(() => import('@/features/analytics/components/add-site-dialog').then((module) => ({ default: module.AddSiteDialog })));

const copy = analyticsCopy.sites;

function snippetOf(site: AnalyticsSite): string {
  const backend = backendFromPage();
  return snippetTag({ scriptUrl: new URL(SNIPPET_PATH, window.location.origin).href, siteId: site.id, apiUrl: backend.url, anonKey: backend.anonKey });
}

/**
 * The Analytics Console of the current workspace: its sites (members add and remove them), the chosen site's snippet
 * and figures. Without a site, the spec's sample figures, marked, and a prompt to add the first one.
 */
export function AnalyticsConsole({ analytics, sample }: { analytics: AnalyticsClient; sample: ReactNode }) {
  const { current, canWrite } = useWorkspace();
  const sites = useSites(analytics, current?.id ?? null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const deleteSite = useDeleteSite(analytics);

  if (!current) return null;
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
  const site = list.find((entry) => entry.id === chosenId) ?? list[0] ?? null;
  const addButton = canWrite ? (
    <Button type="button" onClick={() => setIsAdding(true)}>
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
        {site ? (
          <CardContent className="space-y-4">
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1 space-y-2 sm:max-w-sm">
                <Label htmlFor="analytics-site">{copy.pick}</Label>
                <DeferredOptionSelect id="analytics-site" value={site.id} options={list.map((entry) => ({ value: entry.id, label: `${entry.name} (${entry.domain})` }))} onChange={setChosenId} />
              </div>
              {canWrite ? (
                <Button ref={removeButton} type="button" variant="outline" onClick={() => setIsRemoving(true)}>
                  <Trash2 className="mr-2 h-4 w-4" aria-hidden="true" />
                  {copy.removeShort}
                </Button>
              ) : null}
            </div>
            <SnippetBox snippet={snippetOf(site)} />
          </CardContent>
        ) : (
          <CardContent>
            <ListStatus kind="empty" icon={Globe} title={copy.noSiteTitle} description={canWrite ? copy.firstSitePrompt : copy.viewerPrompt}>
              {addButton}
            </ListStatus>
          </CardContent>
        )}
      </Card>
      {site ? <SiteReport key={site.id} analytics={analytics} siteId={site.id} siteName={site.name} /> : sample}
      {isAdding ? (
        <Suspense fallback={null}>
          <AddSiteDialog analytics={analytics} workspaceId={current.id} onAdded={(added) => setChosenId(added.id)} onClose={() => setIsAdding(false)} />
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
          onConfirm={() => deleteSite.mutate(site, { onSettled: () => setIsRemoving(false) })}
        />
      ) : null}
    </>
  );
}
