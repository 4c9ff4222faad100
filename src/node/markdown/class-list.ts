/**
 * A hast element's `className` as a list: an array as it is, a string (an MDX JSX element's `class="language-bash"`,
 * as MDX 1 pages of Docusaurus 2 write `<code class>`) split at whitespace, anything else none.
 */
export function classList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}
