import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { removeAppFrame } from '@/lib/app-frame';

/** What a page that failed shows: something went wrong while rendering or loading it (e.g. a chunk after a deploy). */
export function RouteError() {
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        This page could not be shown. Reloading usually helps; if it keeps happening, try again in a few minutes.
      </p>
      <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The page's location: another location starts afresh (the error belonged to the page that was left). */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  failedAt: string | null;
}

/** Catches what a page throws while rendering or loading, and shows `RouteError` in its place. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error:', error, info.componentStack);
    // The error shows instead of the page: the page's frame from the served HTML goes.
    removeAppFrame();
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <RouteError />;
  }
}
