import type { ReactNode } from 'react';
import { StatCards } from '@/components/module/stat-cards';

/**
 * While a module's figures load: the same cards with their labels and a placeholder value, laid out by `StatCards`
 * itself, so the content below does not jump when the figures arrive (issue 33: a one-line "Loading…" replaced by
 * four cards moved the rest of the page down — Lighthouse CLS 0.2–0.55). Screen readers hear `status` only; the
 * look-alike cards are hidden from them. `heading` keeps the place of a visible heading the loaded figures have;
 * `after` the place of anything else they bring (a meter).
 */
export function StatCardsLoading({ labels, status, heading, after }: { labels: readonly string[]; status: string; heading?: string; after?: ReactNode }) {
  return (
    <div className="space-y-3">
      <p role="status" className="sr-only">
        {status}
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-3 motion-reduce:animate-none">
        {heading ? <p className="text-xl font-semibold tracking-tight">{heading}</p> : null}
        <StatCards stats={labels.map((label) => ({ label, value: '—', change: null, note: '\u00a0' }))} />
        {after}
      </div>
    </div>
  );
}
