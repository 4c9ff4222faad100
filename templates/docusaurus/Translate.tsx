/**
 * `@docusaurus/Translate` for a migrated site's own components: the default locale's text (docgen carries no
 * code.json translations to components), with `{name}` placeholders filled from `values` as Docusaurus' interpolate
 * does (`@docusaurus/core/src/client/exports/Interpolate.tsx`): strings joined into one string, elements kept as
 * elements.
 */
import { Fragment, createElement, isValidElement, type ReactNode } from 'react';

type Values = Record<string, ReactNode>;

/** The text with each `{name}` of `values` put in; a string when every value put in is one. */
export function interpolate(text: string, values?: Values): ReactNode {
  if (!values) return text;
  const parts: ReactNode[] = [];
  let rich = false;
  for (const [i, piece] of text.split(/(\{\w+\})/g).entries()) {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    const value = name !== undefined && name in values ? values[name] : piece;
    if (isValidElement(value)) rich = true;
    parts.push(isValidElement(value) ? createElement(Fragment, { key: i }, value) : value);
  }
  return rich ? parts : parts.map((part) => String(part ?? '')).join('');
}

/** `translate({ message, id }, values)`: the message with its placeholders filled. */
export function translate(options: { message?: string; id?: string }, values?: Values): string {
  return String(interpolate(options.message ?? options.id ?? '', values));
}

/** `<Translate id values>text</Translate>`: the text (children, else `message`) with its placeholders filled. */
export default function Translate({
  children,
  message,
  values,
}: {
  children?: string;
  message?: string;
  id?: string;
  description?: string;
  values?: Values;
}) {
  const text = typeof children === 'string' ? children : (message ?? '');
  return <>{interpolate(text, values)}</>;
}

/** `<Interpolate values>text</Interpolate>` (`@docusaurus/Interpolate`). */
export function Interpolate({ children, values }: { children: string; values?: Values }) {
  return <>{interpolate(children, values)}</>;
}
