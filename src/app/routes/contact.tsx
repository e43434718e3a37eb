import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function ContactRoute() {
  return <PagePlaceholder title="Contact Us" />;
}
