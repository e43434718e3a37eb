import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { socialLinkCardCopy as copy } from '@/config/social-link-card-copy';
import { useComposerLinkCard } from '@/features/social/api/get-composer-link-card';
import { useRequestLinkPreview } from '@/features/social/api/request-link-preview';
import { composerCardView, linkToPreview, SLOW_CARD_MS } from '@/features/social/utils/composer-link';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const DEBOUNCE_MS = 700;

/**
 * The card of the text's first link, before the post is saved (issue 30 point 2): asked for when the typing pauses,
 * fetched server-side by the job runner, read back until it is there. Loading, "no preview" (with the page's reason)
 * and a refused request each say so; the post can be saved whatever the card does. Loaded lazily by post-form.tsx.
 */
export default function ComposerLinkCard({ workspaceId, body }: { workspaceId: string; body: string }) {
  const url = useDebouncedValue(linkToPreview(body), DEBOUNCE_MS);
  const request = useRequestLinkPreview(workspaceId, url);
  const polled = useComposerLinkCard(workspaceId, url, request.isSuccess);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SLOW_CARD_MS / 4);
    return () => clearInterval(timer);
  }, []);

  if (!url) return null;
  const view = composerCardView({
    card: polled.data ?? request.data,
    requestError: request.error ? request.error.message : polled.error ? polled.error.message : null,
    // Waited since the request came back pending (0 while it is on its way).
    waitedMs: request.dataUpdatedAt ? Math.max(0, now - request.dataUpdatedAt) : 0,
  });

  return (
    <section aria-label={copy.region} className="max-w-md text-sm">
      {view.kind === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {view.isSlow ? copy.slow : copy.loading}
        </p>
      ) : null}
      {view.kind === 'none' ? <p role="status" className="text-muted-foreground">{view.reason ? copy.noneWhy(view.reason) : copy.none}</p> : null}
      {view.kind === 'error' ? <p role="alert" className="text-destructive">{copy.failed(view.message)}</p> : null}
      {view.kind === 'ready' ? (
        <a href={view.card.url} target="_blank" rel="noreferrer" aria-label={copy.card(view.card.title!)} className="block overflow-hidden rounded-lg border">
          {view.card.image_url ? <img src={view.card.image_url} alt="" className="aspect-video w-full object-cover" /> : null}
          <span className="block p-2">
            <span className="block font-semibold">{view.card.title}</span>
            {view.card.description ? <span className="block text-muted-foreground">{view.card.description}</span> : null}
            <span className="block break-all text-xs text-muted-foreground">{view.host}</span>
          </span>
        </a>
      ) : null}
    </section>
  );
}
