/**
 * Progressive enhancement of a server-rendered API reference (issue #4): interaction is added to the static
 * fragment by event delegation; the fragment itself works without JavaScript (details, radio tabs, links).
 * Adds: copy buttons, the operation filter, the try-it console, and in-place expansion of linked schemas.
 */
import { applyFilter } from './filter.js';
import { buildConsole, type IslandData } from './try-it.js';

let cloneCount = 0;

/** Copies a named schema's tree (rendered once under 「スキーマ」) into a `<details data-ref>` that was opened. */
function fillRef(details: HTMLDetailsElement): void {
  const placeholder = details.querySelector<HTMLElement>(':scope > .dg-ref');
  const source = details.dataset.ref ? document.getElementById(details.dataset.ref)?.querySelector('.dg-schema-tree__body') : null;
  if (!placeholder || !source) return;
  const copy = source.cloneNode(true) as HTMLElement;
  // Radio groups must stay independent of the original's.
  const suffix = `c${++cloneCount}`;
  for (const radio of copy.querySelectorAll<HTMLInputElement>('input[type="radio"]')) radio.name += suffix;
  placeholder.replaceWith(copy);
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
 * @returns cleanup that removes every listener
 */
export function enhanceApiReference(root: HTMLElement): () => void {
  const ref = root.querySelector<HTMLElement>('.dg-api-ref');
  if (!ref) return () => {};
  ref.classList.add('dg-api-ref--enhanced');
  let island: IslandData | undefined;
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
    const open = target.closest<HTMLButtonElement>('[data-try]');
    if (open) {
      const section = open.closest<HTMLElement>('.dg-op')!;
      let panel = open.nextElementSibling as HTMLElement | null;
      if (!panel?.classList.contains('dg-try__panel')) {
        panel = document.createElement('div');
        panel.className = 'dg-try__panel';
        buildConsole(section, panel, (island ??= readIsland(ref)));
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
    if (details instanceof HTMLDetailsElement && details.open && details.dataset.ref) fillRef(details);
  };
  let frame = 0;
  const onInput = (event: Event) => {
    const input = event.target as HTMLInputElement;
    if (!input.classList.contains('dg-api-nav__input')) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => applyFilter(ref, input.value));
  };
  ref.addEventListener('click', onClick);
  ref.addEventListener('toggle', onToggle, true);
  ref.addEventListener('input', onInput);
  return () => {
    cancelAnimationFrame(frame);
    ref.removeEventListener('click', onClick);
    ref.removeEventListener('toggle', onToggle, true);
    ref.removeEventListener('input', onInput);
  };
}
