// Shown when a page fails to load (typically a lazy chunk after a deploy) or throws while
// rendering: offer a reload. The boundary clears itself when the address changes.
import { Component, type ReactNode } from 'react';

import { Button } from '../components/ui/button';
import { useTranslation } from '../lib/i18n';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-page px-10 text-center">
      <p className="text-[15px] text-neutral-600">{t('common.pageError')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </div>
  );
}

interface BoundaryProps {
  /** The current address; a new one gives the page another try. */
  location: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  location: string;
}

export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
