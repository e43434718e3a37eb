import { Clock, Mail, Users, Workflow } from 'lucide-react';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { QuickActionsCard, SampleListCard } from '@/components/module/sample-cards';
import { KeyMetrics } from '@/components/module/stat-cards';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Active Workflows', value: '16', change: '+3', icon: <Workflow className={iconClass} aria-hidden="true" /> },
  { label: 'Contacts in Workflows', value: '9,812', change: '+7.5%', icon: <Users className={iconClass} aria-hidden="true" /> },
  { label: 'Automated Emails Sent', value: '54,300', change: '+12%', icon: <Mail className={iconClass} aria-hidden="true" /> },
  { label: 'Hours Saved', value: '126', change: '+18', icon: <Clock className={iconClass} aria-hidden="true" /> },
];

const workflows = [
  { primary: 'Welcome series', secondary: 'Trigger: new subscriber · 4 steps', badge: { label: 'Active', variant: 'green' as const } },
  { primary: 'Trial nurture', secondary: 'Trigger: trial started · 6 steps', badge: { label: 'Active', variant: 'green' as const } },
  { primary: 'Abandoned demo request', secondary: 'Trigger: form left unfinished · 2 steps', badge: { label: 'Paused', variant: 'yellow' as const } },
  { primary: 'Re-engagement', secondary: 'Trigger: 60 days inactive · 3 steps', badge: { label: 'Draft', variant: 'grey' as const } },
];

const activity = [
  { primary: 'Trial nurture sent step 3 to 214 contacts', secondary: '12 minutes ago' },
  { primary: 'Welcome series enrolled 38 new subscribers', secondary: '1 hour ago' },
  { primary: 'Lead score above 80: 9 leads passed to sales', secondary: '3 hours ago' },
  { primary: 'Abandoned demo request paused by an editor', secondary: 'Yesterday' },
];

/** Marketing Automation Platform (spec §2, static): sample metrics and lists. */
export function AutomationModule() {
  return (
    <ModulePage module="automation" subtitle="Marketing Automation Platform: workflows, triggers and nurture sequences.">
      <KeyMetrics stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title="Workflows" items={workflows} />
        <SampleListCard title="Recent Activity" items={activity} />
        <QuickActionsCard actions={['Create Workflow', 'Browse Templates', 'View Logs']} />
      </div>
    </ModulePage>
  );
}
