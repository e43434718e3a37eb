import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { moduleCopy } from '@/config/account-copy';
import { cn } from '@/lib/utils';

interface NotAvailableButtonProps {
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * A button whose action does not exist yet: shown disabled, never a dead click. It stays focusable
 * (aria-disabled rather than disabled) so keyboard and pointer users both get the tooltip saying so.
 */
export function NotAvailableButton({ children, variant = 'outline', size, className }: NotAvailableButtonProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant={variant}
          size={size}
          aria-disabled="true"
          onClick={(event) => event.preventDefault()}
          className={cn('cursor-not-allowed opacity-60', className)}
        >
          {children}
          <span className="sr-only"> ({moduleCopy.notAvailable})</span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{moduleCopy.notAvailable}</TooltipContent>
    </Tooltip>
  );
}
