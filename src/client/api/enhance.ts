/**
 * Progressive enhancement of a server-rendered API reference: interaction is added to the static
 * fragment by event delegation; the fragment itself works without JavaScript (details, radio tabs, links).
 * Adds: copy buttons, the operation filter, the try-it console, in-place expansion of linked schemas, the mark of
 * the operation being read (current-operation.ts), the menu button of narrow screens, and for a split reference the
 * lazy loading of its parts (parts.ts), including for deep links and in-page links.
 */
import type { Messages } from '../../shared/messages.js';
import { fragmentId } from '../../shared/urls.js';
import { scrollIntoViewSettled } from '../scroll.js';
import { pinInView } from './pin.js';
import { watchCurrentOperation } from './current-operation.js';
import { applyFilter } from './filter.js';
import { createPartLoader, type PartLoader } from './parts.js';
import { buildConsole, type IslandData } from './try-it.js';

let cloneCount = 0;

/**
 * Copies a named schema's tree (rendered once under 「スキーマ」, in a split reference possibly still in its part)
 * into a `<details data-ref>` that was opened.
 */
function fillRef(details: HTMLDetailsElement, parts: PartLoader): void {
  const placeholder = details.querySelector<HTMLElement>(':scope > .dg-ref');
  if (!placeholder || !details.dataset.ref) return;
  const fill = (schema: HTMLElement | null) => {
    const source = schema?.querySelector('.dg-schema-tree__body');
    if (!source || !placeholder.isConnected) return;
    const copy = source.cloneNode(true) as HTMLElement;
    // Radio groups must stay independent of the original's.
    const suffix = `c${++cloneCount}`;
    for (const radio of copy.querySelectorAll<HTMLInputElement>('input[type="radio"]')) radio.name += suffix;
    placeholder.replaceWith(copy);
  };
  const found = parts.reveal(details.dataset.ref);
  if (found instanceof Promise) void found.then(fill);
  else fill(found);
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

function readIsland(root: HTMLElement): IslandData {
  try {
    return JSON.parse(root.querySelector('.dg-api-data')?.textContent ?? '{}') as IslandData;
  } catch {
    return { servers: [], schemes: [] };
  }
}

/**
 * Attaches the interactive behaviour to a reference body.
 * @param root the element holding the fragment (#dg-api-body)
 * @param messages the site's UI labels (SiteData.messages), for the try-it console
 * @returns cleanup that removes every listener
 */
export function enhanceApiReference(root: HTMLElement, messages: Messages): () => void {
  const ref = root.querySelector<HTMLElement>('.dg-api-ref');
  if (!ref) return () => {};
  ref.classList.add('dg-api-ref--enhanced');
  let island: IslandData | undefined;
  let query = '';
  const current = watchCurrentOperation(ref);
  let unpin: (() => void) | null = null;
  /** Lets go of the target held so far (its pin and its parts' hold). */
  const letGo = () => {
    unpin?.();
    unpin = null;
  };
  const parts = createPartLoader(ref, () => {
    if (query) applyFilter(ref, query);
    current.refresh();
  });
  /** Shows an anchor whose part may not be loaded yet; the browser has already jumped to its placeholder. */
  const goTo = async (id: string) => {
    letGo(); // a new target (a link, back or forward) replaces the one held so far
    if (!id) return;
    ref
      .querySelector<HTMLElement>(`.dg-api-nav__op[data-op="${CSS.escape(id)}"]`)
      ?.closest('details')
      ?.setAttribute('open', '');
    const found = parts.reveal(id);
    // A reference without parts lays everything out: the browser's own fragment scroll is right.
    if (!(found instanceof Promise) && !parts.split) return;
    // The parts down to the target's are laid out in full while it is being shown: skipped ones above it would be
    // painted at their estimated heights, and the reader would see another operation where the target should be.
    const release = parts.hold(id);
    const element = await found;
    if (element && fragmentId(location.hash) === id) {
      await scrollIntoViewSettled(element);
      letGo();
      unpin = pinInView(element, release); // parts loading above it must not push it out of view
    } else release();
  };
  const onHashChange = () => void goTo(fragmentId(location.hash));
  const onClick = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    const copy = target.closest<HTMLButtonElement>('.dg-copy');
    if (copy) {
      const code = copy.parentElement?.querySelector('pre')?.textContent ?? '';
      void copyText(code).then(() => {
        copy.dataset.state = 'done';
        setTimeout(() => delete copy.dataset.state, 1500);
      });
      return;
    }
    const toggle = target.closest<HTMLButtonElement>('[data-nav-toggle]');
    const nav = ref.querySelector<HTMLElement>('.dg-api-nav');
    if (toggle || (target.closest('.dg-api-nav a') && nav?.classList.contains('dg-api-nav--open'))) {
      // The menu of narrow screens: the button opens and closes it; following one of its links closes it.
      const opened = nav!.classList.toggle('dg-api-nav--open', toggle ? undefined : false);
      ref.querySelector('[data-nav-toggle]')?.setAttribute('aria-expanded', String(opened));
      return;
    }
    const open = target.closest<HTMLButtonElement>('[data-try]');
    if (open) {
      const section = open.closest<HTMLElement>('.dg-op')!;
      let panel = open.nextElementSibling as HTMLElement | null;
      if (!panel?.classList.contains('dg-try__panel')) {
        panel = document.createElement('div');
        panel.className = 'dg-try__panel';
        buildConsole(section, panel, (island ??= readIsland(ref)), messages);
        open.after(panel);
        open.setAttribute('aria-expanded', 'true');
      } else {
        panel.hidden = !panel.hidden;
        open.setAttribute('aria-expanded', String(!panel.hidden));
      }
    }
  };
  const onToggle = (event: Event) => {
    const details = event.target as HTMLElement;
    if (details instanceof HTMLDetailsElement && details.open && details.dataset.ref) fillRef(details, parts);
  };
  let frame = 0;
  const onInput = (event: Event) => {
    const input = event.target as HTMLInputElement;
    if (!input.classList.contains('dg-api-nav__input')) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => applyFilter(ref, (query = input.value)));
  };
  ref.addEventListener('click', onClick);
  ref.addEventListener('toggle', onToggle, true);
  ref.addEventListener('input', onInput);
  window.addEventListener('hashchange', onHashChange);
  onHashChange(); // a deep link: its part is loaded first
  return () => {
    cancelAnimationFrame(frame);
    letGo();
    parts.stop();
    current.stop();
    ref.removeEventListener('click', onClick);
    ref.removeEventListener('toggle', onToggle, true);
    ref.removeEventListener('input', onInput);
    window.removeEventListener('hashchange', onHashChange);
  };
}
