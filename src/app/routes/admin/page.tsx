import { useParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { AdminTestPage } from '@/features/admin/components/admin-test-page';

export function parseAdminPageSlug(slug: string | undefined): number | undefined {
  const match = /^page-([1-9]\d{0,4})$/.exec(slug ?? '');
  return match ? Number(match[1]) : undefined;
}

export function AdminPageRoute() {
  const number = parseAdminPageSlug(useParams().pageSlug);
  if (number === undefined) return <NotFound variant="inline" />;
  return <AdminTestPage key={number} number={number} />;
}
