/**
 * Labels inside Markdown content: build-time code marks an element with a message id instead of text
 * (`data-message`: its text; `data-aria-message`: its aria-label; `data-message-params`: JSON parameters;
 * src/shared/messages.ts), and these components of the hast -> React conversion print the site's message there.
 * On a first load the browser keeps the server's HTML, so the server output carries the text already.
 */
import { createElement, type ComponentProps } from 'react';
import type { MessageId } from '../../src/shared/messages.js';
import { useMessages } from '../i18n/use-messages.js';

type LabelledTag = 'p' | 'div' | 'summary' | 'label' | 'a';

/** A component for `tag` that fills in message placeholders and renders every other element unchanged. */
function labelled<T extends LabelledTag>(tag: T) {
  return function Labelled(props: ComponentProps<T>) {
    const t = useMessages();
    const {
      'data-message': text,
      'data-aria-message': aria,
      'data-message-params': raw,
      ...rest
    } = props as Record<string, unknown>;
    if (text === undefined && aria === undefined) return createElement(tag, props);
    const params = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, string | number>) : {};
    // aria-label goes last, where the build used to write it, so the markup is unchanged.
    if (typeof aria === 'string') rest['aria-label'] = t(aria as MessageId, params);
    if (typeof text === 'string') rest.children = t(text as MessageId, params);
    return createElement(tag, rest);
  };
}

/** The `components` entries for the elements build-time code labels (admonition titles, tabs, tables, diagrams, heading links). */
export const labelledElements = {
  a: labelled('a'),
  p: labelled('p'),
  div: labelled('div'),
  summary: labelled('summary'),
  label: labelled('label'),
};
