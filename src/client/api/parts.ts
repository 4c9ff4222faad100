/**
 * Lazy parts of a split API reference (the page side is templates/api/ApiParts.tsx,
 * the format src/shared/api-parts.ts). A part is fetched when its placeholder comes near the viewport, or at
 * once when one of its anchors is wanted (a deep link, an in-page link, a schema being expanded).
 *
 * Its chunks are inserted in order, a slice at a time, yielding to the browser between slices, so that even the
 * ~3 MB of GitHub's schemas never blocks input: no task parses more than SLICE_CHARS of HTML. A wanted anchor is
 * shown once its slice is in (what comes later lands below it); an anchor's placeholder element is removed when its
 * real section arrives.
 */
import { readPartChunks } from '../../shared/api-parts.js';
import { forgetJson, loadText } from '../load.js';

/** At most this much HTML (characters; one chunk may exceed it) is parsed in one task. */
export const SLICE_CHARS = 48 * 1024;

/** How far outside the viewport a placeholder starts loading. */
const NEAR_VIEWPORT = '1500px 0px';

interface Slice {
  html: string;
  /** Anchors of the chunks it holds. */
  anchors: string[];
  done: boolean;
  waiting: (() => void)[];
}

interface Part {
  element: HTMLElement;
  url: string;
  /** Anchor of each chunk, in order (from the placeholder). */
  anchors: string[];
  /** The placeholder's element of each anchor not yet replaced by its section. */
  stubs: Map<string, HTMLElement>;
  slices: Slice[] | null;
  fetching: Promise<void> | null;
  running: Promise<void> | null;
}

export interface PartLoader {
  /**
   * The element with this id, loading its part first when the id is still a placeholder anchor.
   * @returns the element (synchronously when it is on the page already), or null when the page has no such id;
   *   when the part cannot be loaded, the placeholder anchor (its link leads to the part's own page)
   */
  reveal(id: string): HTMLElement | null | Promise<HTMLElement | null>;
  /**
   * Lays out every part above the element with this id, and the one holding it, in full (`data-hold`, which lifts
   * their `content-visibility: auto`: templates/styles/api.css) until the returned release is called, so that the
   * offsets the browser scrolls by are the ones it paints. Nothing when the page has no such id.
   */
  hold(id: string): () => void;
  /** Whether the reference has parts at all. */
  readonly split: boolean;
  /** Stops loading and observing. */
  stop(): void;
}

/** Gives the browser a turn (input, rendering) before continuing. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** Height (px) a placeholder anchor reserves per section of the part (templates/styles/api.css). */
function anchorHeight(part: HTMLElement): number {
  return part.dataset.kind === 'schemas' ? 400 : 900;
}

/** Groups chunks into slices of about SLICE_CHARS. */
function toSlices(chunks: string[], anchors: string[]): { html: string; anchors: string[] }[] {
  const slices: { html: string; anchors: string[] }[] = [];
  let current: { html: string; anchors: string[] } | null = null;
  chunks.forEach((chunk, i) => {
    if (!current || current.html.length + chunk.length > SLICE_CHARS)
      slices.push((current = { html: '', anchors: [] }));
    current.html += chunk;
    current.anchors.push(anchors[i] ?? '');
  });
  return slices;
}

/**
 * Starts loading the parts of a reference body.
 * @param root the reference (`.dg-api-ref`); a body without parts gives a loader whose reveal is getElementById
 * @param onInsert called after each slice was inserted (the filter applies itself to new sections)
 */
export function createPartLoader(root: HTMLElement, onInsert: () => void): PartLoader {
  const doc = root.ownerDocument;
  const parts = new Map<HTMLElement, Part>();
  for (const element of root.querySelectorAll<HTMLElement>('.dg-api-part[data-src]')) {
    const url = new URL(element.dataset.src!, doc.baseURI);
    const stubs = new Map([...element.querySelectorAll<HTMLElement>('.dg-api-part__anchor')].map((a) => [a.id, a]));
    const part: Part = {
      element,
      url: url.href,
      anchors: [...stubs.keys()],
      stubs,
      slices: null,
      fetching: null,
      running: null,
    };
    // Its size while skipped off-screen until it was first rendered (templates/styles/api.css): its placeholder's.
    element.style.containIntrinsicSize = `auto ${part.anchors.length * anchorHeight(element)}px`;
    parts.set(element, part);
  }
  let stopped = false;
  /** How many holds keep each part laid out in full. */
  const holds = new Map<HTMLElement, number>();
  const observer =
    parts.size > 0 && typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer!.unobserve(entry.target);
              void load(parts.get(entry.target as HTMLElement)!, null).catch(() => {});
            }
          },
          { rootMargin: NEAR_VIEWPORT },
        )
      : null;
  for (const element of parts.keys()) observer?.observe(element);

  const fetchPart = async (part: Part) => {
    const text = await loadText(part.url);
    forgetJson(part.url); // the part lives on in the page; its text (megabytes for GitHub's) need not stay in memory
    const chunks = readPartChunks(text);
    if (!stopped)
      part.slices ??= toSlices(chunks, part.anchors).map((slice) => ({ ...slice, done: false, waiting: [] }));
  };

  const run = async (part: Part) => {
    for (const slice of part.slices!) {
      if (stopped) return;
      part.element.querySelector('.dg-api-part__stubs')!.insertAdjacentHTML('beforebegin', slice.html);
      slice.done = true;
      for (const id of slice.anchors) {
        part.stubs.get(id)?.remove();
        part.stubs.delete(id);
      }
      for (const resolve of slice.waiting.splice(0)) resolve();
      onInsert();
      await yieldToMain();
    }
    if (stopped) return;
    part.element.querySelector('.dg-api-part__stubs')?.remove();
    part.element.dataset.state = 'loaded';
  };

  /** Loads a part; resolves when the section of anchor `id` is on the page (or the whole part, for null). */
  async function load(part: Part, id: string | null): Promise<void> {
    if (part.element.dataset.state !== 'loaded') part.element.dataset.state = 'loading';
    observer?.unobserve(part.element);
    try {
      await (part.fetching ??= fetchPart(part));
    } catch (error) {
      part.fetching = null; // retried on the next request; meanwhile the placeholder's link is shown
      part.element.dataset.state = 'failed';
      throw error;
    }
    if (stopped || !part.slices) return;
    const slice = id === null ? undefined : part.slices.find((s) => s.anchors.includes(id));
    const ready = slice && !slice.done ? new Promise<void>((resolve) => slice.waiting.push(resolve)) : null;
    const running = (part.running ??= run(part));
    await (ready ?? (id === null ? running : undefined));
  }

  return {
    reveal(id) {
      const element = doc.getElementById(id);
      if (!element?.classList.contains('dg-api-part__anchor')) return element;
      const part = parts.get(element.closest<HTMLElement>('.dg-api-part')!);
      if (!part) return element;
      return load(part, id).then(
        () => doc.getElementById(id),
        () => doc.getElementById(id),
      );
    },
    hold(id) {
      const target = doc.getElementById(id);
      const held: HTMLElement[] = [];
      for (const element of parts.keys()) {
        // In document order: the parts before the target, and the one holding it (a tag's heading is in none).
        const above =
          target &&
          (element.contains(target) || target.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING);
        if (!above) break;
        holds.set(element, (holds.get(element) ?? 0) + 1);
        element.dataset.hold = '';
        held.push(element);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const element of held) {
          const left = holds.get(element)! - 1;
          holds.set(element, left);
          if (left === 0) delete element.dataset.hold;
        }
      };
    },
    split: parts.size > 0,
    stop() {
      stopped = true;
      observer?.disconnect();
    },
  };
}
