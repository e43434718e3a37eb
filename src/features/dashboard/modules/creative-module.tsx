import { CheckCircle2, Clock, FolderOpen, Image } from 'lucide-react';
import { SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { StatCards } from '@/components/module/stat-cards';
import { moduleCopy } from '@/config/account-copy';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Active Projects', value: '12', change: '+2', icon: <FolderOpen className={iconClass} aria-hidden="true" /> },
  { label: 'Assets Delivered', value: '248', change: '+15%', icon: <Image className={iconClass} aria-hidden="true" /> },
  { label: 'Avg. Turnaround', value: '2.4 days', change: '-0.6 days', lowerIsBetter: true, icon: <Clock className={iconClass} aria-hidden="true" /> },
  { label: 'Approval Rate', value: '94%', change: '+3%', icon: <CheckCircle2 className={iconClass} aria-hidden="true" /> },
];

const projects = [
  { primary: 'Summer campaign key visuals', secondary: 'Due in 3 days · 6 assets', badge: { label: 'In Progress', variant: 'blue' as const } },
  { primary: 'Product launch video', secondary: 'Due next week · storyboard ready', badge: { label: 'In Review', variant: 'yellow' as const } },
  { primary: 'Webinar slide template', secondary: 'Delivered Monday', badge: { label: 'Approved', variant: 'green' as const } },
  { primary: 'Social media banner set', secondary: 'Due in 2 weeks · brief received', badge: { label: 'Queued', variant: 'grey' as const } },
];

const library = [
  { primary: 'Logos and brand marks', secondary: 'SVG, PNG · updated last month', value: '24 files' },
  { primary: 'Photography', secondary: 'Licensed stock and shoots', value: '612 files' },
  { primary: 'Templates', secondary: 'Slides, social posts, emails', value: '48 files' },
  { primary: 'Brand guidelines', secondary: 'Version 3.2', value: '1 file' },
];

/**
 * The Creative Studio's sample figures (spec §2), marked: what a workspace with an empty asset library sees, with a
 * prompt to upload (the library itself is src/features/assets, composed by the route).
 */
export function CreativeSampleFigures({ prompt }: { prompt: string }) {
  return (
    <SampleSection title={moduleCopy.keyMetrics}>
      <p className="text-sm text-muted-foreground">{prompt}</p>
      <StatCards stats={stats} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SampleListCard title="Creative Projects" items={projects} />
        <SampleListCard title="Brand Asset Library" items={library} />
      </div>
    </SampleSection>
  );
}
