import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { dashboardCopy } from '@/config/account-copy';
import { findRole, modulePath } from '@/config/roles';
import { moduleIcons } from '@/features/dashboard/components/module-icons';

/** The user's own module, prominently (spec §6). */
export function YourDashboardCard({ role }: { role: string }) {
  const own = findRole(role);
  if (!own) return null;
  const Icon = moduleIcons[own.module];
  return (
    <section aria-labelledby="your-dashboard-title">
    <Card className="border-primary bg-primary/5">
      <CardHeader>
        <h2 id="your-dashboard-title" className="text-xl font-semibold">
          {dashboardCopy.yourDashboard}
        </h2>
        <CardDescription>{dashboardCopy.yourDashboardDescription(own.moduleTitle)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="rounded-md bg-primary p-2 text-primary-foreground">
            <Icon className="h-6 w-6" aria-hidden="true" />
          </span>
          <div>
            <p className="text-lg font-semibold">{own.moduleTitle}</p>
            <p className="text-sm text-muted-foreground">{own.label}</p>
          </div>
        </div>
        <Button asChild>
          <Link to={modulePath(own)}>
            {dashboardCopy.accessYourDashboard}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
    </section>
  );
}
