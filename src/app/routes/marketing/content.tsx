import { contentCopy } from '@/config/content-copy';
import { ContentHub } from '@/features/content/components/content-hub';
import { ModulePage } from '@/features/dashboard/components/module-page';

export function MarketingContentRoute() {
  return (
    <ModulePage module="content" subtitle={contentCopy.subtitle} isSample={false}>
      <ContentHub />
    </ModulePage>
  );
}
