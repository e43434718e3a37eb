import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { moduleCopy } from '@/config/account-copy';
import { cn } from '@/lib/utils';

/** Radix Tooltip with its floating-ui positioning (~14 KB): loaded once a pointer or the focus reaches a button. */
const NotAvailableTooltip = lazy(() => import('@/components/module/not-available-tooltip'));

interface NotAvailableButtonProps {
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * A button whose action does not exist yet: shown disabled, never a dead click. It stays focusable
 * (aria-disabled rather than disabled) so keyboard and pointer users both get the tooltip saying so. The tooltip's
 * code comes with the first pointer or focus on it (off the page's first load); a focused button keeps the focus
 * and shows the tooltip once it is there.
 */
export function NotAvailableButton({ children, variant = 'outline', size, className }: NotAvailableButtonProps) {
  const [isWanted, setIsWanted] = useState(false);
  // Where the pointer or the focus is while the tooltip loads: it opens at once (and the focus stays) if still there.
  const [reach, setReach] = useState<'pointer' | 'focus' | null>(null);
  const standIn: Partial<ButtonProps> = {
    onPointerEnter: () => {
      setReach('pointer');
      setIsWanted(true);
    },
    onPointerLeave: () => setReach((current) => (current === 'pointer' ? null : current)),
    onFocus: () => {
      setReach('focus');
      setIsWanted(true);
    },
    onBlur: () => setReach((current) => (current === 'focus' ? null : current)),
  };
  const button = (props: Partial<ButtonProps> = {}) => (
    <Button
      type="button"
      variant={variant}
      size={size}
      aria-disabled="true"
      onClick={(event) => event.preventDefault()}
      className={cn('cursor-not-allowed opacity-60', className)}
      {...props}
    >
      {children}
      <span className="sr-only"> ({moduleCopy.notAvailable})</span>
    </Button>
  );
  if (!isWanted) return button(standIn);
  return (
    <Suspense fallback={button(standIn)}>
      <NotAvailableTooltip button={button({ autoFocus: reach === 'focus' })} defaultOpen={reach !== null} />
    </Suspense>
  );
}
