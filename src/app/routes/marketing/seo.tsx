import { seoCopy } from '@/config/seo-copy';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { SeoSampleFigures } from '@/features/dashboard/modules/seo-module';
import { SeoToolkit } from '@/features/seo/components/seo-toolkit';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

const seo = { client: supabase, scope: 'user' } as const;

/** The SEO Toolkit: the workspace's audited sites with real figures; the spec's samples, marked, before the first. */
export function MarketingSeoRoute() {
  const { current, canWrite } = useWorkspace();
  return (
    <ModulePage module="seo" subtitle={seoCopy.subtitle} isSample={false}>
      {current ? <SeoToolkit seo={seo} workspaceId={current.id} canWrite={canWrite} sample={<SeoSampleFigures />} /> : null}
    </ModulePage>
  );
}
