import { Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { directorQuickActions, directorStats, directorTeamCapacity } from '@/config/sample-figures';
import { moduleSubtitles } from '@/config/module-subtitles';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { ExecutiveOverview } from '@/features/dashboard/components/executive-overview';
import { TeamOverview } from '@/features/dashboard/components/team-overview';
import { ProgressBar, QuickActionsCard, SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { StatCards } from '@/components/module/stat-cards';

const initiatives = [
  { primary: 'Brand refresh across all channels', secondary: 'Owner: Creative Director · due Q3', progress: 68, value: '68%' },
  { primary: 'Marketing automation rollout', secondary: 'Owner: Automation team · due Q3', progress: 45, value: '45%' },
  { primary: 'Customer retention program', secondary: 'Owner: Retention team · due Q4', progress: 82, value: '82%' },
  { primary: 'Paid search efficiency review', secondary: 'Owner: SEO/SEM · due Q2', progress: 30, value: '30%' },
];

function capacityVariant(capacity: number) {
  if (capacity >= 90) return 'red' as const;
  if (capacity >= 80) return 'yellow' as const;
  return 'green' as const;
}

/**
 * Marketing Director (spec §2): the Executive Overview computed from the workspace (budget, active campaigns, ROI),
 * its real team, then what has no source yet (team performance, capacity, initiatives) as marked samples.
 */
export function DirectorModule() {
  // Team Performance has no data source yet: the spec's figure, marked. Budget, campaigns and ROI are real above.
  const stats = directorStats.filter((stat) => stat.label === 'Team Performance').map((stat) => ({ ...stat, icon: <Users className="h-4 w-4 text-muted-foreground" aria-hidden="true" /> }));
  return (
    <ModulePage module="director" subtitle={moduleSubtitles.director} isSample={false}>
      <ExecutiveOverview />
      <TeamOverview />
      <SampleSection title="Team Performance">
        <StatCards stats={stats} className="lg:grid-cols-1" />
      </SampleSection>
      <SampleSection title="Capacity and Strategy">
        <div className="grid gap-6 lg:grid-cols-3">
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Team Capacity</h2>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3">
                {directorTeamCapacity.map((team) => (
                  <li key={team.team} className="space-y-1">
                    <div className="flex items-center justify-between">
                      <span className="text-sm font-medium">{team.team}</span>
                      <Badge variant={capacityVariant(team.capacity)}>{team.capacity}%</Badge>
                    </div>
                    <ProgressBar value={team.capacity} label={`${team.team} capacity`} />
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <SampleListCard title="Strategic Initiatives" description="Progress of this year's priorities." items={initiatives} />
          <QuickActionsCard actions={directorQuickActions} />
        </div>
      </SampleSection>
    </ModulePage>
  );
}
