/**
 * Docusaurus container syntax on top of remark-directive:
 * - admonitions `:::note|tip|info|warning|danger|caution[optional title]` -> `<div class="dg-admonition">` (and
 *   Docusaurus 2's `:::secondary` and `:::success`, as note and tip titled with their name, as Docusaurus 3 does);
 * - tabs `::::tabs` holding `:::tab[label]` blocks -> radio-input tabs that work without JavaScript.
 * Labels the author did not write (an admonition's default title, an unlabelled tab's name) are message ids
 * (`data-message`, src/shared/messages.ts), printed by the theme in the site's language.
 * Text and leaf directives are not part of the dialect: `urn:tsunagi:realm` or `10:30` stay text exactly as
 * written (Docusaurus' "unused directives" fix). An unknown container name is a MarkdownSyntax error.
 */
import type { Code, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { MESSAGE_ATTRIBUTE, MESSAGE_PARAMS_ATTRIBUTE, type MessageId } from '../../shared/messages.js';
import { SKIP, walk } from './walk.js';
import { suggest } from '../diagnostics/suggest.js';
import { reportAt, reportByPolicy } from './context.js';

/** Admonition types (Docusaurus'), each with its default title's message id `admonition.<type>`. */
export const ADMONITIONS: Record<string, MessageId> = {
  note: 'admonition.note',
  tip: 'admonition.tip',
  info: 'admonition.info',
  warning: 'admonition.warning',
  caution: 'admonition.caution',
  danger: 'admonition.danger',
  important: 'admonition.important',
};

/**
 * Docusaurus 2's admonition names that Docusaurus 3 still renders (theme-classic Admonition/Types.tsx,
 * LegacyAdmonitionTypes): each as the type it maps to, titled with its own name unless the author wrote a title.
 */
const LEGACY_ADMONITIONS: Record<string, string> = { secondary: 'note', success: 'tip' };

/** Every container name docgen reads: the admonitions, VitePress' `details`, and tabs. */
export const CONTAINER_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(ADMONITIONS),
  ...Object.keys(LEGACY_ADMONITIONS),
  'details',
  'tabs',
  'tab',
  'code-group',
]);
const MAX_TABS = 8;

/** remark plugin; run after remark-directive. Reads `file.data.docgen` for error reporting. */
export function remarkDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    const ctx = file.data.docgen!;
    let tabsCount = 0;
    const fail = (node: RootContent, message: string) => reportAt(ctx, source, node, 'MarkdownSyntax', message);

    walk(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const raw = source.slice(node.position!.start.offset!, node.position!.end.offset!);
        const text = { type: 'text', value: raw } as const;
        parent.children.splice(
          index,
          1,
          (node.type === 'leafDirective' ? { type: 'paragraph', children: [text] } : text) as never,
        );
        return [SKIP, index + 1];
      }
      if (node.type === 'paragraph' && isTocMarker(node)) {
        // VitePress' `[[toc]]` (markdown-it-table-of-contents, any case): the page's TOC in place, levels 2-3 as
        // VitePress' default; filled like <TOCInline> (processor.ts).
        parent.children.splice(index, 1, {
          type: 'paragraph',
          data: { hName: 'nav', hProperties: { className: ['dg-toc-inline'], dataMin: 2, dataMax: 3 } },
          children: [],
        } as never);
        return [SKIP, index + 1];
      }
      if (node.type !== 'containerDirective') return;
      const directive = node as ContainerDirective;
      if (directive.name in ADMONITIONS || directive.name in LEGACY_ADMONITIONS) {
        toAdmonition(directive);
      } else if (directive.name === 'details') {
        toDetails(directive);
      } else if (directive.name === 'code-group') {
        // VitePress: code blocks as tabs, each labelled by the `[label]` of its fence's meta.
        // An HTML comment between the fences (`<!-- prettier-ignore -->`) shows nothing in VitePress: no prose.
        directive.children = directive.children.filter((child) => !isHtmlComment(child));
        const codes = directive.children.filter((child) => child.type === 'code');
        const prose = directive.children.filter((child) => child.type !== 'code' && !isLabel(child));
        if (codes.length === 0) {
          // VitePress builds it, its content shown as written: the same here, by onUnknownComponent.
          reportByPolicy(
            ctx,
            source,
            node,
            'MarkdownSyntax',
            'A `::: code-group` block holds fenced code blocks, each with a `[label]` after its language; this one holds none, so its content is shown as it is.',
            ctx.policies.onUnknownComponent,
          );
          parent.children.splice(index, 1, ...(directive.children.filter((child) => !isLabel(child)) as never[]));
          return [SKIP, index]; // its children are visited where they now are
        } else {
          if (prose.length > 0) {
            // VitePress builds a group holding a paragraph too; its text stays on the page, after the tabs.
            reportAt(
              ctx,
              source,
              prose[0]!,
              'MarkdownSyntax',
              'A `::: code-group` block holds fenced code blocks only; this text is shown after its tabs. Move it out of the group.',
              'warning',
            );
            directive.children = directive.children.filter((child) => !prose.includes(child));
            parent.children.splice(index + 1, 0, ...(prose as never[]));
          }
          tabsCount += 1;
          directive.name = 'tabs'; // its tabs are then inside tabs when the walk reaches them
          toTabs(directive, codes.map(codeTab), tabsCount);
        }
      } else if (directive.name === 'tabs') {
        tabsCount += 1;
        const tabs = directive.children.filter(
          (child): child is ContainerDirective => child.type === 'containerDirective' && child.name === 'tab',
        );
        if (tabs.length === 0 || tabs.length !== directive.children.filter((c) => !isLabel(c)).length) {
          fail(
            node,
            'A `::::tabs` block may hold only `:::tab[label]` blocks (use four colons for tabs, three for each tab).',
          );
        } else if (tabs.length > MAX_TABS) {
          fail(node, `A tabs block holds at most ${MAX_TABS} tabs.`);
        } else {
          toTabs(directive, tabs, tabsCount);
        }
      } else if (directive.name === 'tab') {
        if ((parent as ContainerDirective).name === 'tabs') return;
        fail(node, 'A `:::tab` block must sit inside a `::::tabs` block (four colons).');
      } else {
        // Docusaurus (3.1+) and VitePress build a page with a container they do not know, with a warning and its
        // content shown; docgen does so by onUnknownComponent (`warn` for a migrated site), as a note titled with
        // the name the author wrote (a translated `:::警告`).
        const guess = suggest(directive.name, [...Object.keys(ADMONITIONS), 'details', 'tabs']);
        reportByPolicy(
          ctx,
          source,
          node,
          'MarkdownSyntax',
          `Unknown block ':::${directive.name}'. Use one of ${Object.keys(ADMONITIONS).join(', ')}, details or tabs.${guess ? ` Did you mean ':::${guess}'?` : ''} It is shown as a note titled '${directive.name}'.`,
          ctx.policies.onUnknownComponent,
        );
        if (!directive.children[0] || !isLabel(directive.children[0]))
          directive.children.unshift({
            type: 'paragraph',
            data: { directiveLabel: true },
            children: [{ type: 'text', value: directive.name }],
          } as never);
        directive.name = 'note';
        toAdmonition(directive);
      }
    });
  };
}

/** Whether a node is an HTML block of comments only (`<!-- prettier-ignore -->`), which a page does not show. */
function isHtmlComment(node: RootContent): boolean {
  return node.type === 'html' && /^\s*(?:<!--[\s\S]*?-->\s*)+$/.test(node.value);
}

function isLabel(node: RootContent): boolean {
  return node.type === 'paragraph' && Boolean((node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel);
}

/** Removes and returns the `[label]` of a container directive as inline content. */
function takeLabel(node: ContainerDirective): PhrasingContent[] | null {
  const first = node.children[0];
  if (first && isLabel(first)) {
    node.children.shift();
    return (first as Paragraph).children;
  }
  return null;
}

function toAdmonition(node: ContainerDirective): void {
  const legacy = LEGACY_ADMONITIONS[node.name];
  const label = takeLabel(node) ?? (legacy ? [{ type: 'text' as const, value: node.name }] : null);
  if (legacy) node.name = legacy;
  const title: Paragraph = {
    type: 'paragraph',
    data: {
      hName: 'p',
      hProperties: {
        className: ['dg-admonition__title'],
        ...(label ? {} : { [MESSAGE_ATTRIBUTE]: ADMONITIONS[node.name]! }),
      },
    },
    children: label ?? [],
  };
  node.children.unshift(title);
  node.data = {
    hName: 'div',
    hProperties: { className: ['dg-admonition', `dg-admonition--${node.name}`], role: 'note' },
  };
}

/** One code block of a VitePress code group as a tab: ```` ```sh [npm] ```` is the tab "npm" holding the code. */
function codeTab(code: Code): ContainerDirective {
  const match = /\[([^\]]*)\]/.exec(code.meta ?? '');
  const label = match?.[1] ?? code.lang ?? '';
  const meta = (code.meta ?? '').replace(/\[[^\]]*\]/, '').trim();
  const inner: Code = { ...code, meta: meta || null };
  return {
    type: 'containerDirective',
    name: 'tab',
    attributes: {},
    children: [
      {
        type: 'paragraph',
        data: { directiveLabel: true } as Paragraph['data'],
        children: [{ type: 'text', value: label }],
      },
      inner,
    ],
    position: code.position,
  };
}

/** VitePress' `::: details Title`: a native `<details>` (works without JavaScript), titled by default in the UI language. */
function toDetails(node: ContainerDirective): void {
  const label = takeLabel(node);
  const summary: Paragraph = {
    type: 'paragraph',
    data: { hName: 'summary', hProperties: label ? {} : { [MESSAGE_ATTRIBUTE]: 'admonition.details' } },
    children: label ?? [],
  };
  node.children.unshift(summary);
  node.data = { hName: 'details', hProperties: { className: ['dg-details'] } };
}

/**
 * Radio-input tabs (no JavaScript needed). Docusaurus' options ride on data attributes for the client runtime:
 * `groupId` (tabs of a group switch together, remembered in localStorage), `queryString` (the choice in the URL);
 * a tab's `value` names it; `default` or the tabs' `defaultValue` chooses the first one shown.
 */
function toTabs(node: ContainerDirective, tabs: ContainerDirective[], n: number): void {
  const group = `dg-tabs-${n}`;
  const controls: RootContent[] = [];
  const attributes = node.attributes ?? {};
  const values = tabs.map((tab) => tab.attributes?.value ?? undefined);
  let chosen = values.findIndex((value) => value !== undefined && value === attributes.defaultValue);
  if (chosen < 0)
    chosen = tabs.findIndex((tab) => tab.attributes?.default !== undefined && tab.attributes?.default !== null);
  if (chosen < 0) chosen = 0;
  tabs.forEach((tab, i) => {
    const id = `${group}-${i + 1}`;
    const label = takeLabel(tab);
    const untitled = label
      ? {}
      : { [MESSAGE_ATTRIBUTE]: 'tabs.untitled', [MESSAGE_PARAMS_ATTRIBUTE]: JSON.stringify({ n: i + 1 }) };
    const value = values[i] ? { dataValue: values[i] } : {};
    controls.push(
      {
        type: 'tabInput',
        data: {
          hName: 'input',
          hProperties: {
            type: 'radio',
            className: ['dg-tabs__input'],
            name: group,
            id,
            defaultChecked: i === chosen,
            ...value,
          },
        },
        children: [],
      } as never,
      {
        type: 'tabLabel',
        data: { hName: 'label', hProperties: { className: ['dg-tabs__label'], htmlFor: id, ...untitled } },
        children: label ?? [],
      } as never,
    );
    tab.data = { hName: 'div', hProperties: { className: ['dg-tabs__panel'] } };
  });
  node.children = [...controls, ...tabs] as ContainerDirective['children'];
  const options = {
    ...(attributes.groupId ? { dataGroupId: attributes.groupId } : {}),
    ...(attributes.queryString !== undefined && attributes.queryString !== null
      ? { dataQueryString: attributes.queryString || attributes.groupId || '' }
      : {}),
  };
  node.data = { hName: 'div', hProperties: { className: ['dg-tabs'], ...options } };
}

/** A paragraph that is only `[[toc]]` (in any case). */
function isTocMarker(node: { children?: unknown[] }): boolean {
  const only = node.children?.length === 1 ? (node.children[0] as { type: string; value?: string }) : undefined;
  return only?.type === 'text' && /^\s*\[\[toc\]\]\s*$/i.test(only.value ?? '');
}
