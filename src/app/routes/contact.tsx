import { ContactPage } from '@/features/marketing-site/components/contact-page';

export function ContactRoute() {
  return <ContactPage />;
}
