/**
 * The dev error overlay: plain DOM in a shadow root (no React, so it works when the theme itself is broken).
 * Shows each problem's code, message, `file:line:column`, code frame and hint. Dev only: `docgen build` never
 * bundles this file.
 */

/** One problem as the dev server sends it (src/node/dev/diagnostics.ts BrowserDiagnostic). */
export interface Diagnostic {
  code: string;
  message: string;
  hint?: string;
  location: string;
  frame?: string;
  severity?: 'warning';
}

export interface Overlay {
  /** Shows the problems, or removes the overlay when there are none. */
  show(errors: Diagnostic[]): void;
}

const STYLE = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(0,0,0,.55); overflow: auto;
  font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #eee; }
.panel { max-width: 960px; margin: 48px auto; background: #1b1b1f; border-top: 6px solid #e5484d; border-radius: 8px;
  padding: 20px 24px; box-shadow: 0 10px 40px rgba(0,0,0,.5); }
header { display: flex; justify-content: space-between; align-items: center; margin-bottom: 8px; }
h2 { margin: 0; font-size: 16px; color: #ff9592; }
button { background: none; border: 1px solid #555; color: #eee; border-radius: 4px; padding: 2px 10px; cursor: pointer; font: inherit; }
section { border-top: 1px solid #333; padding: 12px 0; }
.code { color: #ff9592; font-weight: 700; }
.location { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: #7dd3fc; margin-top: 4px; }
pre { background: #111; padding: 10px 12px; border-radius: 6px; overflow: auto; font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; color: #ddd; }
.hint { color: #fcd34d; }
footer { color: #999; font-size: 12px; margin-top: 8px; }
`;

/** Creates the overlay (nothing is added to the page until show() gets a problem). */
export function createOverlay(): Overlay {
  let host: HTMLElement | null = null;
  const close = () => {
    host?.remove();
    host = null;
  };
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  return {
    show(errors) {
      close();
      if (errors.length === 0) return;
      host = document.createElement('docgen-error-overlay');
      host.id = 'docgen-error-overlay';
      const root = host.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = STYLE;
      root.append(style, panel(errors, close));
      document.body.append(host);
    },
  };
}

function panel(errors: Diagnostic[], close: () => void): HTMLElement {
  const backdrop = element('div', 'backdrop');
  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) close();
  });
  const box = element('div', 'panel');
  box.setAttribute('role', 'alertdialog');
  box.setAttribute('aria-label', 'docgen problems');
  const header = element('header');
  const title = element('h2', '', `docgen: ${errors.length} problem${errors.length === 1 ? '' : 's'}`);
  const button = element('button', '', 'Close');
  button.addEventListener('click', close);
  header.append(title, button);
  box.append(
    header,
    ...errors.map(problem),
    element(
      'footer',
      '',
      'Fix the file and save: this overlay updates by itself. Esc or Close hides it until the next change.',
    ),
  );
  backdrop.append(box);
  return backdrop;
}

function problem(error: Diagnostic): HTMLElement {
  const section = element('section');
  section.dataset.code = error.code;
  const head = element('div');
  head.append(
    element('span', 'code', `[${error.code}]${error.severity === 'warning' ? ' warning:' : ''}`),
    document.createTextNode(` ${error.message}`),
  );
  section.append(head);
  if (error.location) section.append(element('div', 'location', error.location));
  if (error.frame) section.append(element('pre', '', error.frame));
  if (error.hint) section.append(element('div', 'hint', `hint: ${error.hint}`));
  return section;
}

function element(tag: string, className = '', text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
