import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { accountSecurityCopy } from '@/config/security-copy';
import { cn } from '@/lib/utils';

/** The Account security page: an icon beside the profile gear in the wide header, a labelled entry in the menu. */
export function AccountSecurityLink({ variant }: { variant: 'icon' | 'menu-item' }) {
  if (variant === 'icon') {
    return (
      <Link
        to={paths.accountSecurity}
        aria-label={accountSecurityCopy.linkLabel}
        title={accountSecurityCopy.linkLabel}
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      >
        <ShieldCheck aria-hidden="true" />
      </Link>
    );
  }
  return (
    <Link to={paths.accountSecurity} className={cn(buttonVariants({ variant: 'ghost' }), 'w-full justify-start')}>
      <ShieldCheck aria-hidden="true" />
      {accountSecurityCopy.linkLabel}
    </Link>
  );
}
