/**
 * Where a link to another anchor of the reference points. In a single-fragment reference
 * every anchor is on the page (`#schema/Pet`). An operation or schema in a part of a split reference links to a
 * named schema or a security scheme through the API page (`/api/github#schema/Pet`): that works from a part
 * opened on its own (without JavaScript) too, and on the page itself it is an in-page jump whose part
 * src/client/api/parts.ts loads.
 */
import { createContext, useContext } from 'react';

/** Maps an anchor (`schema/Pet`, `security/bearer`) to the href that reaches it. */
export type AnchorHref = (anchor: string) => string;

export const AnchorHrefContext = createContext<AnchorHref>((anchor) => `#${anchor}`);

/** The href of an anchor in the current rendering. */
export function useAnchorHref(anchor: string): string {
  return useContext(AnchorHrefContext)(anchor);
}
