/**
 * Where a link to another anchor of the reference points (issue #4 "Scale"). In a single-fragment reference
 * every anchor is on the page (`#schema/Pet`); in the parts of a split reference, named schemas live in the
 * schemas part and security schemes on the API page, so that the links also work in a part opened on its own
 * (without JavaScript). The client turns links into parts back into in-page navigation (src/client/api/parts.ts).
 */
import { createContext, useContext } from 'react';

/** Maps an anchor (`schema/Pet`, `security/bearer`) to the href that reaches it. */
export type AnchorHref = (anchor: string) => string;

export const AnchorHrefContext = createContext<AnchorHref>((anchor) => `#${anchor}`);

/** The href of an anchor in the current rendering. */
export function useAnchorHref(anchor: string): string {
  return useContext(AnchorHrefContext)(anchor);
}
