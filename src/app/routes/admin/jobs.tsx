import { BackgroundWorkPage } from '@/features/admin/components/jobs/background-work-page';

/** /admin/jobs: the job runner's background work. */
export function AdminJobsRoute() {
  return <BackgroundWorkPage />;
}
