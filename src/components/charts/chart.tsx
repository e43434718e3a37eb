import { Component, lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ChartDataTable } from '@/components/charts/chart-data-table';
import type { ChartRow, ChartSeries } from '@/components/charts/chart-types';
import { Skeleton } from '@/components/ui/skeleton';
import { chartCopy } from '@/config/chart-copy';

const ChartCanvas = lazy(() => import('@/components/charts/chart-canvas'));

export interface ChartProps {
  /** Names the figure and the table behind it. */
  title: string;
  kind: 'line' | 'bar';
  data: readonly ChartRow[];
  /** The field of each row on the x axis (a day, a platform) and its column heading in the table. */
  xKey: string;
  xLabel: string;
  formatX?(value: string): string;
  series: readonly ChartSeries[];
  height?: number;
}

/**
 * True once the element is within 200 px of the viewport (at once where IntersectionObserver is missing). A chart
 * below the fold does not put recharts (≈94 KB brotli) on the page's first load: it loads as the user scrolls near.
 */
function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return [ref, isNear];
}

/**
 * A chart with an accessible table behind it. The drawing (recharts) is a separate chunk loaded when the first chart
 * comes near the screen, so pages without charts, or with charts below the fold, do not download it on their first
 * load; until it is drawn a placeholder keeps the space. The drawing is
 * hidden from assistive technology, the table (in a disclosure, keyboard-operable) holds the same figures.
 */
export function Chart({ title, kind, data, xKey, xLabel, formatX = (value) => value, series, height = 280 }: ChartProps) {
  const titleId = useId();
  const [drawingRef, isNear] = useNearViewport<HTMLDivElement>();
  return (
    <figure aria-labelledby={titleId} className="space-y-3">
      <figcaption id={titleId} className="text-sm font-medium">
        {title}
      </figcaption>
      {data.length === 0 ? (
        <p className="flex items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground" style={{ height }}>
          {chartCopy.noData}
        </p>
      ) : (
        <div ref={drawingRef} aria-hidden="true" style={{ height }} className="min-w-0">
          {isNear ? (
            <ChartLoadBoundary fallback={<p className="text-sm text-muted-foreground">{chartCopy.loadFailed}</p>}>
              <Suspense fallback={<Skeleton className="h-full w-full" />}>
                <ChartCanvas kind={kind} data={data} xKey={xKey} formatX={formatX} series={series} height={height} />
              </Suspense>
            </ChartLoadBoundary>
          ) : (
            <Skeleton className="h-full w-full" />
          )}
        </div>
      )}
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">{chartCopy.showTable}</summary>
        {/* Scrolls when long: focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <div className="mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={chartCopy.tableCaption(title)}>
          <ChartDataTable caption={chartCopy.tableCaption(title)} data={data} xKey={xKey} xLabel={xLabel} formatX={formatX} series={series} />
        </div>
      </details>
    </figure>
  );
}

/** A chart chunk that fails to load (offline, a new deploy) leaves a sentence, not a broken page: the table still works. */
class ChartLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
