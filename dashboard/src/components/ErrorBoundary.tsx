import { Component, type ReactNode } from 'react';

/** A page that fails to render shows this instead of a blank app; the header and nav stay usable. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null; resetKey: string }> {
  override state: { error: Error | null; resetKey: string } = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: Error | null; resetKey: string }) {
    // Navigating elsewhere (or switching store or mode) gives the page another chance.
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="error-panel" role="alert">
          <p className="error-title">This page could not be shown.</p>
          <p>{this.state.error.message}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
