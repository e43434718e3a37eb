import { AdminLayout } from '@/features/admin/components/admin-layout';

/** Every /admin route: the guard and the admin navigation. */
export function AdminLayoutRoute() {
  return <AdminLayout />;
}
