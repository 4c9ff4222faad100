/**
 * The one hast -> React conversion, used with the same options on the server and in the browser so that
 * hydration cannot disagree (STYLE.md, Layout). Wraps hast-util-to-jsx-runtime, which rehype-react wraps too.
 */
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

/**
 * Turns page content (hast, as stored in the route's data file) into React elements.
 * @param tree hast root; positions may be absent
 * @param components overrides per tag name (e.g. `pre` -> the theme's CodeBlock with a copy button)
 * @returns React node; never throws on unknown elements (they render as plain tags)
 */
export function hastToReact(tree: Root, components: Partial<Components> = {}): ReactNode {
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    passKeys: true,
    ignoreInvalidStyle: true,
  });
}
