import { MailOpen, MousePointerClick, UserMinus, Users } from 'lucide-react';
import { SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { StatCards } from '@/components/module/stat-cards';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Subscribers', value: '24,583', change: '+4.1%', icon: <Users className={iconClass} aria-hidden="true" /> },
  { label: 'Open Rate', value: '28.4%', change: '+2.1%', icon: <MailOpen className={iconClass} aria-hidden="true" /> },
  { label: 'Click Rate', value: '4.7%', change: '+0.6%', icon: <MousePointerClick className={iconClass} aria-hidden="true" /> },
  { label: 'Unsubscribe Rate', value: '0.3%', change: '-0.1%', lowerIsBetter: true, icon: <UserMinus className={iconClass} aria-hidden="true" /> },
];

const campaigns = [
  { primary: 'Spring Product Launch', secondary: 'Sent to 18,240 · opened 31.2%', badge: { label: 'Sent', variant: 'green' as const } },
  { primary: 'Monthly Newsletter: May', secondary: 'Sent to 23,905 · opened 27.8%', badge: { label: 'Sent', variant: 'green' as const } },
  { primary: 'Webinar Invitation', secondary: 'Scheduled for Thursday 10:00', badge: { label: 'Scheduled', variant: 'blue' as const } },
  { primary: 'Customer Win-back Series', secondary: '3 emails · last edited yesterday', badge: { label: 'Draft', variant: 'grey' as const } },
];

const lists = [
  { primary: 'Newsletter subscribers', secondary: 'Double opt-in', value: '19,402' },
  { primary: 'Product updates', secondary: 'Customers only', value: '8,117' },
  { primary: 'Event attendees', secondary: 'Last 12 months', value: '2,964' },
  { primary: 'Trial users', secondary: 'Started in the last 30 days', value: '1,238' },
];

/**
 * The Email Marketing Platform's sample figures (spec §2), marked as samples: what the module page shows while a
 * workspace has sent nothing (the real page is src/features/email/).
 */
export function EmailSampleFigures() {
  return (
    <SampleSection title="Example figures">
      <StatCards stats={stats} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SampleListCard title="Recent Campaigns" items={campaigns} />
        <SampleListCard title="Subscriber Lists" items={lists} />
      </div>
    </SampleSection>
  );
}
