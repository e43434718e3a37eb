import { useId, type ReactNode } from 'react';
import { SampleDataBadge } from '@/components/module/sample-data-badge';
import { cn } from '@/lib/utils';

/**
 * A titled group of fixed sample figures on a page that also shows real data: the 'Sample data' marker sits next
 * to the group's heading, so the real data beside it is not taken for a sample.
 */
export function SampleSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('space-y-3', className)}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        <SampleDataBadge />
      </div>
      {children}
    </section>
  );
}
