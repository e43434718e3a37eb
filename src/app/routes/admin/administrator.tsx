import { AdministratorPage } from '@/features/admin/components/administrator-page';

export function AdministratorRoute() {
  return <AdministratorPage />;
}
