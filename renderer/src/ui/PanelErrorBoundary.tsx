/**
 * Keeps a failure inside one panel: a render error in the playground or the
 * allowlist manager shows its message there, with a retry, instead of taking
 * the whole studio window down.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  name: string;
  children: ReactNode;
}

export class PanelErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="panel-empty pg-crashed" role="alert" data-testid="panel-error">
        <div>
          <strong>The {this.props.name} hit an error.</strong>
          <p className="pg-mono">{this.state.error.message}</p>
          <button
            type="button"
            className="button secondary small"
            onClick={() => this.setState({ error: null })}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
}
