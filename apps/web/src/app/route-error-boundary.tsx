import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

export const PAGE_LOAD_ERROR = 'Something went wrong while loading the page.';

export function PageLoadError({ onRetry }: { onRetry?: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-20 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-danger/10 text-danger ring-1 ring-danger/30">
        <AlertTriangle className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold text-fg">{PAGE_LOAD_ERROR}</p>
      <p className="text-sm text-fg-muted">Check your connection and try again. If it keeps happening, reload the app.</p>
      {onRetry ? (
        <Button onClick={onRetry} variant="secondary">
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      ) : null}
    </div>
  );
}

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches a failed page load (or a crash while rendering it) and offers a retry. */
export class RouteErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to load', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    return this.state.error ? <PageLoadError onRetry={this.retry} /> : this.props.children;
  }
}
