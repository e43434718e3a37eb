import type { ReactElement } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { moduleCopy } from '@/config/account-copy';

/** The tooltip of `NotAvailableButton` (its own chunk); open at once when the pointer or focus waited for it. */
export default function NotAvailableTooltip({ button, defaultOpen }: { button: ReactElement; defaultOpen: boolean }) {
  return (
    <Tooltip defaultOpen={defaultOpen}>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{moduleCopy.notAvailable}</TooltipContent>
    </Tooltip>
  );
}
