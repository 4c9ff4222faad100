/** OpenAPI 3.2 nested tags (§4.8.22 `parent`), read from the view model by the theme, the twins and the search. */

/**
 * The tags a tag is nested under, outermost first (`[External]` for Partner under External). A parent that is not
 * in `tags`, or one met twice (a cycle, which the specification forbids), ends the walk.
 * @param tags the reference's tags (ApiTagModel, or a loose view of it)
 */
export function tagParents<T extends { anchor?: string; parent?: string }>(tags: readonly T[], tag: T): T[] {
  const byAnchor = new Map(tags.filter((t) => t.anchor !== undefined).map((t) => [t.anchor!, t]));
  const chain: T[] = [];
  for (let at = tag.parent ? byAnchor.get(tag.parent) : undefined; at && at !== tag && !chain.includes(at); ) {
    chain.unshift(at);
    at = at.parent ? byAnchor.get(at.parent) : undefined;
  }
  return chain;
}
