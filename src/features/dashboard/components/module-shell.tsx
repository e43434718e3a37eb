import { Card, CardContent } from '@/components/ui/card';
import { moduleCopy } from '@/config/account-copy';
import type { MarketingModule } from '@/config/paths';
import { ModulePage } from '@/features/dashboard/components/module-page';

/** A module whose real data comes with its own feature (content, campaigns): title, way back, nothing invented. */
export function ModuleShell({ module, subtitle }: { module: MarketingModule; subtitle: string }) {
  return (
    <ModulePage module={module} subtitle={subtitle} isSample={false}>
      <Card>
        <CardContent className="p-6 text-muted-foreground">{moduleCopy.shellDescription}</CardContent>
      </Card>
    </ModulePage>
  );
}
