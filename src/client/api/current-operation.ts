/**
 * Marks in the navigation the operation being read (Redoc and Scalar do the same): its entry gets
 * `aria-current="location"` as the reader scrolls, and the navigation column scrolls itself so the entry stays in
 * it. In a split reference whose group of that operation is collapsed, the group's summary is marked instead:
 * groups are opened by the reader and the filter only. An IntersectionObserver watches the operation sections
 * through a band near the top of the viewport (in a split reference only those of parts near the viewport: every
 * watched section is an intersection test in each frame that scrolls), so nothing runs on scroll events;
 * only the link's attribute and the column's own scroll position change, never the page's layout.
 */

/**
 * The band in which an operation counts as the one being read: from where a link to it lands (its
 * `scroll-margin-top`, the same for tags and operations: under the navbar, and under the menu bar on narrow
 * screens; templates/styles/api.css) down to
 * the top third of the viewport. A section whose top sits there is read; the one ending there is not (IO counts a box
 * touching the band's edge as intersecting, hence the few pixels more).
 */
function bandMargin(tag: Element | null): string {
  const landing = tag ? parseFloat(getComputedStyle(tag).scrollMarginTop) || 0 : 0;
  return `-${Math.round(landing) + 16}px 0px -66% 0px`;
}

export interface CurrentOperationWatch {
  /** Starts watching operation sections added since (the parts of a split reference). */
  refresh(): void;
  stop(): void;
}

/** Scrolls the navigation column (only it) so that `link` is inside its visible part. */
function keepInColumn(nav: HTMLElement, link: HTMLElement): void {
  if (nav.scrollHeight <= nav.clientHeight) return;
  const column = nav.getBoundingClientRect();
  const entry = link.getBoundingClientRect();
  if (entry.top < column.top) nav.scrollTop -= column.top - entry.top + 24;
  else if (entry.bottom > column.bottom) nav.scrollTop += entry.bottom - column.bottom + 24;
}

/**
 * Starts marking the current operation of a reference.
 * @param ref the reference (`.dg-api-ref`) with its `.dg-api-nav` entries (`[data-op]`) and `section.dg-op`s
 * @returns a handle; without IntersectionObserver it does nothing
 */
export function watchCurrentOperation(ref: HTMLElement): CurrentOperationWatch {
  const nav = ref.querySelector<HTMLElement>('.dg-api-nav');
  if (!nav || typeof IntersectionObserver !== 'function') return { refresh() {}, stop() {} };
  const inBand = new Set<Element>();
  /** Sections the band observer watches: those outside parts, and those of parts near the viewport. */
  const watched = new Set<Element>();
  let current: HTMLElement | null = null;
  let currentGroup: HTMLElement | null = null;

  const mark = (id: string) => {
    const entry = nav.querySelector<HTMLElement>(`.dg-api-nav__op[data-op="${CSS.escape(id)}"] > a`);
    if (!entry || entry === current) return;
    current?.removeAttribute('aria-current');
    currentGroup?.removeAttribute('data-current');
    entry.setAttribute('aria-current', 'location');
    current = entry;
    // In a split reference's collapsed group the group is marked instead; the reader (or the filter) opens groups.
    const group = entry.closest('details');
    if (group) group.dataset.current = '';
    currentGroup = group;
    keepInColumn(nav, group && !group.open ? group : entry);
  };
  const onChange = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      if (entry.isIntersecting && watched.has(entry.target)) inBand.add(entry.target);
      else inBand.delete(entry.target);
    }
    // The first section in the band in document order: the one whose content is at the top.
    let first: Element | null = null;
    for (const section of inBand) {
      if (!first || section.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) first = section;
    }
    if (first) mark(first.id);
  };
  const sectionsIn = (root: ParentNode) => root.querySelectorAll('section.dg-op[id]');
  let observer = new IntersectionObserver(onChange, { rootMargin: bandMargin(ref.querySelector('.dg-api-tag')) });
  const watch = (section: Element) => {
    if (watched.has(section)) return;
    watched.add(section);
    observer.observe(section);
  };
  const unwatch = (section: Element) => {
    if (!watched.delete(section)) return;
    observer.unobserve(section);
    inBand.delete(section);
  };
  // A split reference's loaded parts hold up to thousands of sections: each costs the browser an intersection
  // test every frame it scrolls, so only the sections of parts within a viewport of the visible area are watched
  // (a coarse observer of the parts says which).
  const nearParts = new Set<Element>();
  const partObserver = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) nearParts.add(entry.target);
        else nearParts.delete(entry.target);
        for (const section of sectionsIn(entry.target)) (entry.isIntersecting ? watch : unwatch)(section);
      }
    },
    { rootMargin: '100% 0px' },
  );
  for (const part of ref.querySelectorAll('.dg-api-part')) partObserver.observe(part);
  for (const section of sectionsIn(ref)) if (!section.closest('.dg-api-part')) watch(section);
  // The band moves with the layout (the menu bar of narrow screens): watch again when the breakpoint is crossed.
  const narrow = matchMedia('(max-width: 996px)');
  const onBreakpoint = () => {
    observer.disconnect();
    inBand.clear();
    observer = new IntersectionObserver(onChange, { rootMargin: bandMargin(ref.querySelector('.dg-api-tag')) });
    for (const section of watched) observer.observe(section);
  };
  narrow.addEventListener('change', onBreakpoint);
  return {
    // Sections arrive in parts: those of a part near the viewport are watched at once, the others when it comes near.
    refresh() {
      for (const part of nearParts) for (const section of sectionsIn(part)) watch(section);
    },
    stop() {
      observer.disconnect();
      partObserver.disconnect();
      narrow.removeEventListener('change', onBreakpoint);
      current?.removeAttribute('aria-current');
      currentGroup?.removeAttribute('data-current');
    },
  };
}
