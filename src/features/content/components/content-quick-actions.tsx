import { CalendarClock, Plus } from 'lucide-react';
import { NotAvailableButton } from '@/components/module/not-available-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { contentCopy } from '@/config/content-copy';

/** Quick actions: creating and scheduling content (not shown to viewers); analytics does not exist yet and says so. */
export function ContentQuickActions({ onCreate, onSchedule, canCreate }: { onCreate(): void; onSchedule(): void; canCreate: boolean }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <h2 className="text-lg font-semibold">{contentCopy.quickActions}</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {canCreate ? (
          <Button className="w-full justify-start" onClick={onCreate}>
            <Plus aria-hidden="true" />
            {contentCopy.createNewContent}
          </Button>
        ) : null}
        {canCreate ? (
          <Button variant="outline" className="w-full justify-start" onClick={onSchedule}>
            <CalendarClock aria-hidden="true" />
            {contentCopy.scheduleContent}
          </Button>
        ) : null}
        <NotAvailableButton className="w-full justify-start">{contentCopy.viewAnalytics}</NotAvailableButton>
      </CardContent>
    </Card>
  );
}
