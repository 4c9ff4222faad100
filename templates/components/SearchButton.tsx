import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useMessages } from '../i18n/use-messages.js';
import type { SearchDialogProps } from './SearchDialog.js';
import { SearchIcon } from './SearchIcon.js';

/**
 * The navbar search button (issue: Japanese full-text search). Server-rendered disabled, enabled once hydrated.
 * The button, `/` and Ctrl+K / Cmd+K open the dialog; its code, MiniSearch and the index load only then
 * (dynamic import), never with the first page load. Keystrokes while an IME is composing are ignored. Characters
 * typed before the dialog's input has the focus (its code may still be loading) are kept and become its first
 * query (as DocSearch does), so a reader who types right after `/` loses nothing.
 */
export function SearchButton({
  manifestUrl,
  allManifestUrl,
  baseUrl,
}: {
  manifestUrl: string;
  allManifestUrl?: string;
  baseUrl: string;
}) {
  const t = useMessages();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Characters typed since the dialog was asked for and before its input has the focus (null once it has).
  const typed = useRef<string | null>(null);
  const takeTyped = useCallback(() => {
    const text = typed.current ?? '';
    typed.current = null;
    return text;
  }, []);

  const show = useCallback(() => {
    setOpen(true);
    typed.current = '';
    void import('./SearchDialog.js').then(
      (mod) => setDialog(() => mod.SearchDialog),
      () => {
        // The dialog's code did not load (offline): nothing opens, and typing is left alone.
        typed.current = null;
        setOpen(false);
      },
    );
  }, []);
  const close = useCallback(() => {
    typed.current = null;
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    setHydrated(true);
    const onKey = (event: KeyboardEvent) => {
      if (event.isComposing || event.keyCode === 229) return; // IME: the key belongs to the composition
      if (typed.current !== null && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target)) {
        if (event.key.length === 1) typed.current += event.key;
        else if (event.key === 'Backspace') typed.current = typed.current.slice(0, -1);
        else return;
        event.preventDefault();
        return;
      }
      const k = event.key.toLowerCase();
      if (k === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        show();
      } else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target)) {
        event.preventDefault();
        show();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="dg-search-button"
        aria-label={t('search.buttonLabel')}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        disabled={!hydrated}
        onClick={show}
      >
        <SearchIcon className="dg-search-button__icon" />
        <span className="dg-search-button__label">{t('search.button')}</span>
        <kbd className="dg-search-button__key" aria-hidden="true">
          /
        </kbd>
      </button>
      {open &&
        (Dialog ? (
          <Dialog
            manifestUrl={manifestUrl}
            {...(allManifestUrl ? { allManifestUrl } : {})}
            baseUrl={baseUrl}
            onClose={close}
            takeTyped={takeTyped}
            icon={<SearchIcon className="dg-search-dialog__icon" />}
          />
        ) : (
          <div className="dg-search-backdrop" aria-hidden="true" />
        ))}
    </>
  );
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}
