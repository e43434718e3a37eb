import { lazy } from 'react';
import { RetentionOverview } from '@/features/contacts/components/retention-overview';
import { RetentionModule } from '@/features/dashboard/modules/retention-module';

/** A contact's automation history (the automation feature's dialog: Radix Dialog, the timeline) loads when first opened (issue 33). */
const ContactTimelineDialog = lazy(() =>
  import('@/features/automation/components/contact-timeline-dialog').then((module) => ({ default: module.ContactTimelineDialog })),
);

export function MarketingRetentionRoute() {
  return <RetentionModule contactFigures={<RetentionOverview historyDialog={ContactTimelineDialog} />} />;
}
