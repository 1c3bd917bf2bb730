import { Component, type ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isReloadingForNewBuild } from '#web/lib/new-build.ts';

interface State {
  failed: boolean;
}

/**
 * Catches a page whose code could not be loaded (offline, or a deploy removed its chunk after the
 * one reload of lib/new-build.ts), so the frame stays and the user gets a way out instead of a
 * blank screen. Going to another page tries again.
 */
export class PageLoadBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    if (isReloadingForNewBuild()) return <LoadingState />;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-slate-900">This page could not be loaded</h1>
        <p className="text-slate-700">Check your connection, then reload the page.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
