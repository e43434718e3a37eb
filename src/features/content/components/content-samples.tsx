import { Eye, MousePointerClick, Share2, UserPlus } from 'lucide-react';
import { SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { StatCards } from '@/components/module/stat-cards';
import { contentCopy } from '@/config/content-copy';
import { WebsiteViews } from '@/features/content/components/website-views';
import { localDay, presetPeriod } from '@/lib/periods';
import { useWorkspaceSiteFigures } from '@/lib/use-workspace-site-figures';
import { useWorkspace } from '@/lib/workspace';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Content Views', value: '128.4K', change: '+14.2%', icon: <Eye className={iconClass} aria-hidden="true" /> },
  { label: 'Engagement Rate', value: '4.8%', change: '+0.6%', icon: <MousePointerClick className={iconClass} aria-hidden="true" /> },
  { label: 'Social Shares', value: '2,341', change: '+9.1%', icon: <Share2 className={iconClass} aria-hidden="true" /> },
  { label: 'Leads from Content', value: '342', change: '+18%', icon: <UserPlus className={iconClass} aria-hidden="true" /> },
];

const overviewStats = [
  { label: 'Published This Month', value: '12', change: '+20%' },
  { label: 'In Review', value: '4', change: null, note: 'Right now' },
  { label: 'Drafts', value: '9', change: null, note: 'Right now' },
  { label: 'Scheduled (Next 7 Days)', value: '3', change: null, note: 'None overdue' },
];

const calendar = [
  { primary: 'How to Measure Website ROI', secondary: 'Monday · Blog Post', badge: { label: 'Scheduled', variant: 'blue' as const } },
  { primary: 'Customer Story: Wanderlust Travel', secondary: 'Wednesday · Case Study', badge: { label: 'In Review', variant: 'yellow' as const } },
  { primary: 'Website Performance Checklist', secondary: 'Friday · Infographic', badge: { label: 'Draft', variant: 'grey' as const } },
  { primary: 'The State of Senior Communities Online', secondary: 'Next month · Whitepaper', badge: { label: 'Draft', variant: 'grey' as const } },
];

const performance = [
  { primary: '10 Signs Your Website Needs a Rebuild', secondary: 'Blog Post · 6.2% engagement', value: '18,420 views' },
  { primary: 'Task-Driven Design, Explained', secondary: 'Article · 5.4% engagement', value: '12,905 views' },
  { primary: 'From Brochure to Lead Engine', secondary: 'Case Study · 7.1% engagement', value: '9,318 views' },
  { primary: 'Core Web Vitals in Two Minutes', secondary: 'Video · 4.9% engagement', value: '7,664 views' },
];

/** The hub's headline figures for a workspace without items yet: fixed samples, marked, with a prompt. */
export function SampleContentOverview({ prompt }: { prompt: string }) {
  return (
    <SampleSection title={contentCopy.overviewTitle}>
      <p className="text-sm text-muted-foreground">{prompt}</p>
      <StatCards stats={overviewStats} />
      <SampleListCard title={contentCopy.calendarTitle} description={contentCopy.calendarDescription} items={calendar} />
    </SampleSection>
  );
}

/**
 * Content Views are the page views of the workspace's measured sites over the last 30 days when it measures one (the
 * Analytics Console), shown apart; engagement, shares, leads, the best pieces (and Content Views without a site) have
 * no data source yet: fixed samples, always marked.
 */
export function ContentPerformance({ className }: { className?: string }) {
  const { current } = useWorkspace();
  const figures = useWorkspaceSiteFigures(current?.id ?? null, presetPeriod(30, localDay()));
  const measured = figures.data && figures.data.sites > 0 ? figures.data : null;
  return (
    <>
      {measured ? <WebsiteViews figures={measured} /> : null}
      <SampleSection title={contentCopy.performanceTitle} className={className}>
        <StatCards stats={measured ? stats.slice(1) : stats} />
        <SampleListCard title={contentCopy.performanceTitle} description={contentCopy.performanceDescription} items={performance} />
      </SampleSection>
    </>
  );
}
