import { assetCopy } from '@/config/asset-copy';
import { AssetLibrary } from '@/features/assets/components/asset-library';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { CreativeSampleFigures } from '@/features/dashboard/modules/creative-module';

/** The Creative Studio: the workspace's asset library; the spec's sample figures, marked, while it is empty. */
export function MarketingCreativeRoute() {
  return (
    <ModulePage module="creative" subtitle={assetCopy.subtitle} isSample={false}>
      <AssetLibrary sample={<CreativeSampleFigures prompt={assetCopy.figures.samplePrompt} />} />
    </ModulePage>
  );
}
