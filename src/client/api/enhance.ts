/**
 * Progressive enhancement of a server-rendered API reference (issue #4): interaction is added to the static
 * fragment by event delegation; the fragment itself works without JavaScript.
 */

/**
 * Attaches the interactive behaviour to a reference body.
 * @param root the element holding the fragment (#dg-api-body)
 * @returns cleanup that removes every listener
 */
export function enhanceApiReference(root: HTMLElement): () => void {
  void root;
  return () => {};
}
