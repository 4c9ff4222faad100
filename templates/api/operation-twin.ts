/**
 * Where an operation's Markdown twin lives, for its menu (Operation.tsx): provided by ApiReference (and by the
 * split renderer around each part) from ApiReferenceProps.twin; absent when the reference has no twins (config `llms`).
 */
import { createContext, useContext } from 'react';
import { operationTwinPath } from '../../src/shared/twin-url.js';
import type { ApiReferenceProps } from './types.js';

export const OperationTwinContext = createContext<ApiReferenceProps['twin']>(undefined);

/**
 * The twin of an operation: its URL path (with base) and the same absolute; null when there is none.
 * @param id the operation's anchor id
 */
export function useOperationTwin(id: string): { href: string; url: string } | null {
  const twin = useContext(OperationTwinContext);
  if (!twin) return null;
  const href = operationTwinPath(twin.route, id);
  return { href, url: twin.siteUrl.replace(/\/$/, '') + href };
}
