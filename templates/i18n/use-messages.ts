/**
 * How components read UI labels: the site's resolved messages (SiteData.messages) through a context that App
 * provides (and the server-only API renderers), the same strings on the server and in the hydrated client.
 */
import { createContext, useContext } from 'react';
import { translate, translateParts, type MessageId, type Messages } from '../../src/shared/messages.js';

/** The site's messages; null outside a provider. */
export const MessagesContext = createContext<Messages | null>(null);

/** A bound translator: `t(id, params)` is translate(messages, id, params); `t.parts` is translateParts. */
export interface Translator {
  (id: MessageId, params?: Record<string, string | number>): string;
  parts<T>(id: MessageId, params: Record<string, T>): (string | T)[];
  messages: Messages;
}

/**
 * A translator over given messages (for code outside React, e.g. the API part labels).
 * @param messages the site's resolved messages
 */
export function createTranslator(messages: Messages): Translator {
  const t = ((id: MessageId, params?: Record<string, string | number>) =>
    translate(messages, id, params)) as Translator;
  t.parts = (id, params) => translateParts(messages, id, params);
  t.messages = messages;
  return t;
}

/**
 * The translator of the nearest MessagesContext.
 * @throws Error (a docgen bug) when no provider is above the component
 */
export function useMessages(): Translator {
  const messages = useContext(MessagesContext);
  if (!messages) throw new Error('docgen bug: no MessagesContext provider');
  return createTranslator(messages);
}
