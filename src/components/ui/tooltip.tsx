import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { createContext, useContext, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Whether a TooltipProvider is above: the root does not hold one (Radix Tooltip stays off the public pages' bundle). */
const HasProviderContext = createContext(false);

/** Spec §9: open delay 700 ms, skip delay 300 ms. Wrap a screen in it so its tooltips share the skip delay. */
export function TooltipProvider({ children, ...props }: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <HasProviderContext.Provider value>
      <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300} {...props}>
        {children}
      </TooltipPrimitive.Provider>
    </HasProviderContext.Provider>
  );
}

/** A tooltip works anywhere: without a TooltipProvider above, it brings its own (same delays). */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const hasProvider = useContext(HasProviderContext);
  const root = <TooltipPrimitive.Root {...props} />;
  return hasProvider ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className, sideOffset = 4, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 overflow-hidden rounded-md border bg-popover px-3 py-1.5 text-sm text-popover-foreground shadow-md animate-in fade-in-0 zoom-in-95',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
