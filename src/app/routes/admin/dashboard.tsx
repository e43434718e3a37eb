import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';

export function AdminDashboardRoute() {
  return <AdminDashboardPage />;
}
