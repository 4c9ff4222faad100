import { Component, type ReactNode } from 'react';
import { RETRY_EVENT } from '../../src/client/router.js';

interface Props {
  /** A new value (the next page's data) clears a caught error. */
  resetKey: unknown;
  children: ReactNode;
}
interface State {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Crash screen (spec §2, §8): a page that throws while rendering shows 'This page crashed' (エラーが発生しました),
 * the error message and a もう一度試してください button that loads and renders the page again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="dg-crash" role="alert">
        <h1 className="dg-crash__title">エラーが発生しました</h1>
        <p className="dg-crash__lead">This page crashed. ページの表示中にエラーが発生しました。</p>
        <pre className="dg-crash__message">{error.message}</pre>
        <button
          type="button"
          className="dg-button dg-button--brand"
          onClick={() => {
            this.setState({ error: null });
            window.dispatchEvent(new Event(RETRY_EVENT));
          }}
        >
          もう一度試してください
        </button>
      </div>
    );
  }
}
