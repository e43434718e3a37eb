import { Eye } from 'lucide-react';
import { StatCards } from '@/components/module/stat-cards';
import { contentCopy } from '@/config/content-copy';
import type { WorkspaceSiteFigures } from '@/lib/site-figures';
import { changePercent } from '@/lib/periods';

const iconClass = 'h-4 w-4 text-muted-foreground';

function changeText(current: number, previous: number): string {
  const change = changePercent(current, previous);
  if (change === null) return current > 0 ? contentCopy.websiteViews.newFigure : '0%';
  return `${change > 0 ? '+' : ''}${Math.round(change * 10) / 10}%`;
}

/** Content Views from the workspace's measured websites: page views of the last 30 days against the 30 before. */
export function WebsiteViews({ figures }: { figures: WorkspaceSiteFigures }) {
  return (
    <section aria-labelledby="website-views-title" className="space-y-3">
      <h2 id="website-views-title" className="text-xl font-semibold tracking-tight">
        {contentCopy.websiteViews.title}
      </h2>
      <StatCards
        className="lg:grid-cols-4"
        stats={[
          {
            label: contentCopy.websiteViews.label,
            value: figures.current.pageviews.toLocaleString('en-US'),
            change: changeText(figures.current.pageviews, figures.previous.pageviews),
            period: contentCopy.websiteViews.period,
            icon: <Eye className={iconClass} aria-hidden="true" />,
          },
        ]}
      />
    </section>
  );
}
