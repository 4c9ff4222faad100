import { Component, type ContextType, type ReactNode } from 'react';
import { RETRY_EVENT } from '../../src/client/router.js';
import { translate } from '../../src/shared/messages.js';
import { MessagesContext } from '../i18n/use-messages.js';

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
 * Crash screen (spec §2, §8): a page that throws while rendering shows the 'crash.title' label (ja エラーが発生しました,
 * en Docusaurus' 'This page crashed.'), the error message and a 'crash.tryAgain' button that loads and renders the
 * page again.
 */
export class ErrorBoundary extends Component<Props, State> {
  static override contextType = MessagesContext;
  declare context: ContextType<typeof MessagesContext>;
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
    const t = (id: 'crash.title' | 'crash.lead' | 'crash.tryAgain') => translate(this.context!, id);
    return (
      <div className="dg-crash" role="alert">
        <h1 className="dg-crash__title">{t('crash.title')}</h1>
        <p className="dg-crash__lead">{t('crash.lead')}</p>
        <pre className="dg-crash__message">{error.message}</pre>
        <button
          type="button"
          className="dg-button dg-button--brand"
          onClick={() => {
            this.setState({ error: null });
            window.dispatchEvent(new Event(RETRY_EVENT));
          }}
        >
          {t('crash.tryAgain')}
        </button>
      </div>
    );
  }
}
