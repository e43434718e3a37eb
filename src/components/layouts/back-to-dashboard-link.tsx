import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { moduleCopy } from '@/config/account-copy';
import { paths } from '@/config/paths';

/** "Back to Dashboard" above the title of a page reached from the dashboard (the modules, the Team screen). */
export function BackToDashboardLink() {
  return (
    <Link to={paths.dashboard} className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {moduleCopy.backToDashboard}
    </Link>
  );
}
