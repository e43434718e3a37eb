import { contentCopy } from '@/config/content-copy';
import { BlogSettingsCard } from '@/features/blog/components/blog-settings-card';
import { ContentHub } from '@/features/content/components/content-hub';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { useWorkspace } from '@/lib/workspace';

export function MarketingContentRoute() {
  const { current } = useWorkspace();
  return (
    <ModulePage module="content" subtitle={contentCopy.subtitle} isSample={false}>
      <ContentHub />
      {current ? <BlogSettingsCard key={current.id} workspaceId={current.id} isOwner={current.accessRole === 'owner'} /> : null}
    </ModulePage>
  );
}
