/**
 * The magnifying-glass icon of site search (a drawn icon, not the ⌕ glyph, which many fonts
 * lack or draw as a different sign). Decorative: the button or input beside it carries the label.
 * @param className where it sits (its size comes from CSS; 1em by default)
 */
export function SearchIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="m15.5 15.5 5 5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
