import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { dashboardCopy } from '@/config/account-copy';
import { moduleDescriptions, moduleIcons } from '@/features/dashboard/components/module-icons';
import { moduleCards } from '@/features/dashboard/utils/module-grid';
import { cn } from '@/lib/utils';

/** All ten modules with links; the user's own one highlighted (spec §2, §6). */
export function ModuleGrid({ role }: { role: string | null | undefined }) {
  return (
    <section aria-labelledby="modules-title" className="space-y-4">
      <h2 id="modules-title" className="text-xl font-semibold">
        {dashboardCopy.modulesTitle}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {moduleCards(role).map((card) => {
          const Icon = moduleIcons[card.role.module];
          return (
            <li key={card.role.value} data-own={card.isOwn || undefined}>
              <Card className={cn('flex h-full flex-col', card.isOwn && 'border-primary ring-2 ring-primary')}>
                <CardHeader className="space-y-2 pb-3">
                  <div className="flex items-center justify-between gap-2">
                    <Icon className={cn('h-6 w-6', card.isOwn ? 'text-primary' : 'text-muted-foreground')} aria-hidden="true" />
                    {card.isOwn ? <Badge>{dashboardCopy.yourDashboard}</Badge> : null}
                  </div>
                  <h3 className="font-semibold leading-tight">{card.role.moduleTitle}</h3>
                  <CardDescription>{card.role.label}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col justify-between gap-4">
                  <p className="text-sm text-muted-foreground">{moduleDescriptions[card.role.module]}</p>
                  <Button asChild variant={card.isOwn ? 'default' : 'outline'} size="sm">
                    <Link to={card.href} aria-label={`${card.actionLabel}: ${card.role.moduleTitle}`}>
                      {card.actionLabel}
                    </Link>
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
