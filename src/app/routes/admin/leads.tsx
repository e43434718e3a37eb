import { LeadsPage } from '@/features/admin/components/leads/leads-page';

/** /admin/leads: the agency's inbox of contact-form leads. */
export function AdminLeadsRoute() {
  return <LeadsPage />;
}
