import { ExternalLink, Eye, Heart, Send, Users } from 'lucide-react';
import { useId } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { SampleSection } from '@/components/module/sample-section';
import { KeyMetrics, StatCards } from '@/components/module/stat-cards';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useSocialAccounts } from '@/lib/social-accounts';
import { useSocialFigures } from '@/features/social/api/get-social-figures';
import { figuresCopy } from '@/features/social/components/figures-copy';
import { summarizeFigures } from '@/features/social/utils/figures-summary';

const number = new Intl.NumberFormat('en');

const iconClass = 'h-4 w-4 text-muted-foreground';

/** The spec's sample headline figures (§2 Social Media Hub): shown, marked, only to a workspace that has published nothing. */
const socialSampleStats = [
  { label: 'Total Followers', value: '45.2K', change: '+6.3%', icon: <Users className={iconClass} aria-hidden="true" /> },
  { label: 'Engagement Rate', value: '5.8%', change: '+0.9%', icon: <Heart className={iconClass} aria-hidden="true" /> },
  { label: 'Posts This Month', value: '68', change: '+12', icon: <Send className={iconClass} aria-hidden="true" /> },
  { label: 'Reach', value: '312K', change: '+14%', icon: <Eye className={iconClass} aria-hidden="true" /> },
];

/**
 * The Social Hub's figures (issue 30 #6): the likes, reposts and replies the networks report for the workspace's
 * published posts (the fetch_social_figures job stores them), in total and per post and account. A workspace that
 * has published nothing sees the spec's sample figures instead, marked "Sample data". Loaded lazily with the page.
 */
export function FiguresCard({ workspaceId }: { workspaceId: string }) {
  const titleId = useId();
  const figures = useSocialFigures(workspaceId);
  const accounts = useSocialAccounts(workspaceId);
  if (figures.isPending) return <ListStatus kind="loading" title={figuresCopy.loading} />;
  if (figures.isError) return <ListStatus kind="error" title={figuresCopy.failed} description={figures.error.message} />;
  const summary = summarizeFigures(figures.data);
  if (summary.kind === 'sample') {
    return (
      <SampleSection title={figuresCopy.title}>
        <p className="text-sm text-muted-foreground">{figuresCopy.sampleNote}</p>
        <KeyMetrics stats={socialSampleStats} />
      </SampleSection>
    );
  }
  const accountName = (id: string) => accounts.data?.find((account) => account.id === id)?.display_name ?? figuresCopy.unknownAccount;
  const { totals, rows } = summary;
  const totalStats = (['posts', 'likes', 'reposts', 'replies', 'clicks'] as const).map((key) => ({ label: figuresCopy.totals[key], value: number.format(totals[key]), change: null }));
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="space-y-1.5">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">{figuresCopy.title}</h2>
        <CardDescription>{figuresCopy.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <StatCards stats={totalStats} />
        <h3 className="text-sm font-medium">{figuresCopy.perPost}</h3>
        <ul className="divide-y text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate">{row.body}</p>
                <p className="text-xs text-muted-foreground">
                  {accountName(row.accountId)}
                  {row.note ? ` · ${row.note === 'pending' ? figuresCopy.pending : row.note}` : null}
                </p>
              </div>
              <p className="tabular-nums" aria-label={`${row.likes} likes, ${row.reposts} reposts, ${row.replies} replies, ${row.clicks} clicks`}>
                {`♥ ${number.format(row.likes)} · ↻ ${number.format(row.reposts)} · ↩ ${number.format(row.replies)} · ${figuresCopy.clicksShort(number.format(row.clicks))}`}
              </p>
              {row.url ? (
                <a href={row.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-xs underline">
                  {figuresCopy.view}
                  <ExternalLink className="h-3 w-3" aria-hidden="true" />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
