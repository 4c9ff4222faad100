/**
 * A locale's translation files in Docusaurus' layout (Docusaurus "i18n tutorial", "Translation
 * files"), read from `i18n/<locale>/` of the site:
 * - `code.json`: theme labels, `{ "<id>": { "message": "..." } }`. A docgen message id (src/shared/messages.ts)
 *   applies as it is; a Docusaurus theme id applies to the docgen label that matches it (DOCUSAURUS_IDS).
 * - `docusaurus-plugin-content-docs[-<id>]/current.json`: sidebar labels, `sidebar.<sidebar>.category.<label>`,
 *   `sidebar.<sidebar>.link.<label>`, `sidebar.<sidebar>.doc.<label>`, and `version.label`, the current version's
 *   label; `docusaurus-plugin-content-docs/version-<name>.json` the same for each older version (its sidebars are
 *   `<sidebar>@<name>` in docgen, content/versions.ts, and keyed by `<sidebar>` as Docusaurus writes them).
 * - `docusaurus-theme-classic/navbar.json` (`title`, `item.label.<label>`) and `footer.json` (`copyright`).
 * Labels go on top of the catalogue and `i18n.messages` (config/messages.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MessageId, Messages } from '../../shared/messages.js';
import type { Sidebar, SidebarItem } from '../../shared/types.js';
import { MESSAGE_IDS } from '../../../templates/i18n/catalogues.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { DocgenError } from '../diagnostics/error.js';
import { parseVersionSidebarId } from '../content/versions.js';

/** Docusaurus theme ids (`@docusaurus/theme-translations`) and the docgen label each one is. */
const DOCUSAURUS_IDS: Readonly<Record<string, MessageId>> = {
  'theme.common.skipToMainContent': 'nav.skipToContent',
  'theme.NavBar.navAriaLabel': 'nav.main',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'nav.openMenu',
  'theme.IconExternalLink.ariaLabel': 'nav.externalLink',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'nav.closeMenu',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': 'nav.backToMainMenu',
  'theme.TOCCollapsible.toggleButtonLabel': 'toc.title',
  'theme.docs.breadcrumbs.navAriaLabel': 'doc.breadcrumbs',
  'theme.docs.paginator.navAriaLabel': 'doc.pagination',
  'theme.docs.paginator.previous': 'doc.previous',
  'theme.docs.paginator.next': 'doc.next',
  'theme.common.editThisPage': 'doc.editPage',
  'theme.tags.tagsListLabel': 'tags.label',
  'theme.tags.tagsPageTitle': 'tags.all',
  'theme.tags.tagsPageLink': 'tags.viewAll',
  'theme.contentVisibility.unlistedBanner.title': 'unlisted.title',
  'theme.contentVisibility.unlistedBanner.message': 'unlisted.notice',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'announcement.close',
  'theme.colorToggle.ariaLabel.mode.light': 'colorMode.light',
  'theme.colorToggle.ariaLabel.mode.dark': 'colorMode.dark',
  'theme.colorToggle.ariaLabel.mode.system': 'colorMode.system',
  'theme.SearchBar.label': 'search.button',
  'theme.SearchModal.placeholder': 'search.placeholder',
  'theme.SearchModal.searchBox.cancelButtonText': 'search.close',
  'theme.CodeBlock.copy': 'code.copy',
  'theme.CodeBlock.copied': 'code.copied',
  'theme.CodeBlock.copyButtonAriaLabel': 'code.copyLabel',
  'theme.admonition.note': 'admonition.note',
  'theme.admonition.tip': 'admonition.tip',
  'theme.admonition.info': 'admonition.info',
  'theme.admonition.warning': 'admonition.warning',
  'theme.admonition.caution': 'admonition.caution',
  'theme.admonition.danger': 'admonition.danger',
  'theme.admonition.important': 'admonition.important',
  'theme.NotFound.title': 'notFound.title',
  'theme.ErrorPageContent.tryAgain': 'crash.tryAgain',
};

/** A locale's translations, ready to apply. */
export interface LocaleTranslations {
  /** Labels from code.json, by docgen message id. */
  messages: Partial<Messages>;
  /**
   * The resolved sidebars with the labels of current.json, or of version-<name>.json for an older version's
   * sidebar (content/site.ts calls it for a locale build).
   */
  labelSidebars(sidebars: Record<string, Sidebar>): Record<string, Sidebar>;
  /**
   * A version's label in this locale: `version.label` of current.json (version 'current') or version-<name>.json.
   * @returns the translation, else `label`
   */
  labelVersion(name: string, label: string): string;
  navbar(navbar: ResolvedConfig['themeConfig']['navbar']): ResolvedConfig['themeConfig']['navbar'];
  footer(footer: ResolvedConfig['themeConfig']['footer']): ResolvedConfig['themeConfig']['footer'];
  /** SHA-256 of the files read (the build fingerprint of the locale). */
  key: string;
}

type TranslationFile = Record<string, string>;

/**
 * Reads the translation files of a locale; a missing file is no translation.
 * @param root the site root (holding `i18n/`)
 * @param catalogue the locale's catalogue, to check code.json's placeholders against
 * @throws DocgenError InvalidTranslation for a file that is not `{ "<id>": { "message": "<text>" } }` JSON
 */
export function loadTranslations(root: string, locale: string, catalogue: Messages): LocaleTranslations {
  const hash = createHash('sha256');
  const read = (rel: string): TranslationFile => {
    const file = path.join(root, 'i18n', locale, rel);
    if (!existsSync(file)) return {};
    const text = readFileSync(file, 'utf8');
    hash.update(`${rel}\0${text}\0`);
    return parseTranslationFile(text, file);
  };
  const code = read('code.json');
  // Every docs plugin's sidebar labels (`docusaurus-plugin-content-docs[-<id>]/current.json`): sidebar ids differ.
  const plugins = existsSync(path.join(root, 'i18n', locale))
    ? readdirSync(path.join(root, 'i18n', locale))
        .filter((name) => name.startsWith('docusaurus-plugin-content-docs'))
        .sort()
    : [];
  const current = new Map(plugins.map((name) => [name, read(path.join(name, 'current.json'))]));
  const docs: TranslationFile = Object.assign({}, ...current.values());
  // Versions are the default docs plugin's (content/versions.ts): its version-<name>.json files, by version name.
  const versionsFolder = path.join(root, 'i18n', locale, 'docusaurus-plugin-content-docs');
  const versions = new Map<string, TranslationFile>([['current', current.get('docusaurus-plugin-content-docs') ?? {}]]);
  for (const entry of existsSync(versionsFolder) ? readdirSync(versionsFolder).sort() : []) {
    const name = /^version-(.+)\.json$/.exec(entry)?.[1];
    if (name) versions.set(name, read(path.join('docusaurus-plugin-content-docs', entry)));
  }
  const navbar = read(path.join('docusaurus-theme-classic', 'navbar.json'));
  const footer = read(path.join('docusaurus-theme-classic', 'footer.json'));
  const messages: Partial<Messages> = {};
  const known = new Set<string>(MESSAGE_IDS);
  for (const [id, text] of Object.entries(code)) {
    const target = known.has(id) ? (id as MessageId) : DOCUSAURUS_IDS[id];
    if (target && placeholdersFit(text, catalogue[target])) messages[target] = text;
  }
  const navLabel = (label: string) => navbar[`item.label.${label}`] ?? label;
  return {
    messages,
    labelSidebars: (sidebars) =>
      Object.fromEntries(
        Object.entries(sidebars).map(([sidebarId, sidebar]) => {
          const { id, version } = parseVersionSidebarId(sidebarId);
          const labels = version === 'current' ? docs : (versions.get(version) ?? {});
          return [
            sidebarId,
            { ...sidebar, label: navLabel(sidebar.label), items: labelItems(sidebar.items, id, labels) },
          ];
        }),
      ),
    labelVersion: (name, label) => versions.get(name)?.['version.label'] ?? label,
    navbar: (config) => ({
      ...config,
      ...(navbar.title !== undefined && config.title !== undefined ? { title: navbar.title } : {}),
      items: config.items.map((item) =>
        'label' in item && item.label !== undefined ? { ...item, label: navLabel(item.label) } : item,
      ),
    }),
    footer: (config) => ({ ...config, copyright: footer.copyright ?? config.copyright }),
    key: hash.digest('hex'),
  };
}

function labelItems(items: SidebarItem[], sidebar: string, docs: TranslationFile): SidebarItem[] {
  return items.map((item) => {
    if (item.type === 'category')
      return {
        ...item,
        label: docs[`sidebar.${sidebar}.category.${item.label}`] ?? item.label,
        items: labelItems(item.items, sidebar, docs),
      };
    // A resolved link was a doc or a link item: Docusaurus keys either.
    return {
      ...item,
      label:
        docs[`sidebar.${sidebar}.link.${item.label}`] ?? docs[`sidebar.${sidebar}.doc.${item.label}`] ?? item.label,
    };
  });
}

/** True when every `{name}` of a translation is a parameter the label has (a Docusaurus-only one would print as written). */
function placeholdersFit(text: string, original: string): boolean {
  const names = (value: string) => new Set([...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const have = names(original);
  return [...names(text)].every((name) => have.has(name));
}

/**
 * Parses a Docusaurus translation file.
 * @returns its messages by id
 * @throws DocgenError InvalidTranslation naming the file
 */
export function parseTranslationFile(text: string, file: string): TranslationFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DocgenError({
      code: 'InvalidTranslation',
      message: `${path.basename(file)} is not valid JSON: ${(error as Error).message}.`,
      hint: 'Translation files are `{ "<id>": { "message": "<text>" } }` (docusaurus write-translations).',
      file,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DocgenError({
      code: 'InvalidTranslation',
      message: `${path.basename(file)} must hold an object of translations.`,
      hint: 'Translation files are `{ "<id>": { "message": "<text>" } }`.',
      file,
    });
  }
  const out: TranslationFile = {};
  for (const [id, entry] of Object.entries(value)) {
    const message = typeof entry === 'string' ? entry : (entry as { message?: unknown } | null)?.message;
    if (typeof message !== 'string') {
      throw new DocgenError({
        code: 'InvalidTranslation',
        message: `${path.basename(file)}: '${id}' has no "message" text.`,
        hint: 'Each entry is `{ "message": "<text>", "description": "..." }`.',
        file,
      });
    }
    out[id] = message;
  }
  return out;
}
