import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function RoiRoute() {
  return <PagePlaceholder title="Measuring Website ROI" />;
}
