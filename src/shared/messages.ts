/**
 * UI labels: the message ids every locale's catalogue must define (templates/i18n/), and the
 * `{param}` interpolation the theme and the browser runtime share. The build resolves one locale's catalogue plus
 * the site's overrides (`i18n.messages` in site.config.ts) into SiteData.messages, so server rendering and
 * hydration read the same strings. Build-time code never emits a label: it emits a message id (MESSAGE_ATTRIBUTE)
 * and the theme prints the text.
 */

/**
 * Every UI label, by id. A catalogue typed `Messages` that misses or adds an id does not compile. `{name}` marks a
 * parameter given at the call site (documented per id). English wording follows Docusaurus'
 * `@docusaurus/theme-translations` where Docusaurus has the same label (its id in brackets).
 */
export interface Messages {
  /** Skip link, the first focusable element [theme.common.skipToMainContent]. */
  'nav.skipToContent': string;
  /** aria-label of the navbar [theme.NavBar.navAriaLabel]. */
  'nav.main': string;
  /** Hamburger button [theme.docs.sidebar.toggleSidebarButtonAriaLabel]. */
  'nav.openMenu': string;
  /** aria-label of the external-link icon [theme.IconExternalLink.ariaLabel]. */
  'nav.externalLink': string;
  'nav.menu': string;
  /** [theme.docs.sidebar.closeSidebarButtonAriaLabel]. */
  'nav.closeMenu': string;
  /** [theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel]. */
  'nav.backToMainMenu': string;
  'nav.mainMenu': string;
  /** Mobile menu button opening a sidebar; `{label}` the sidebar's label. */
  'nav.toSidebar': string;
  /** aria-label of a sidebar; `{label}` the sidebar's label. */
  'sidebar.label': string;
  /** `{label}` the category [theme.DocSidebarItem.expandCategoryAriaLabel]. */
  'sidebar.expandCategory': string;
  /** `{label}` the category [theme.DocSidebarItem.collapseCategoryAriaLabel]. */
  'sidebar.collapseCategory': string;
  /** Title and aria-label of the table of contents [theme.TOCCollapsible.toggleButtonLabel]. */
  'toc.title': string;
  /** Doc page navigation: aria-label of the breadcrumbs [theme.docs.breadcrumbs.navAriaLabel]. */
  'doc.breadcrumbs': string;
  /** aria-label of the previous/next links [theme.docs.paginator.navAriaLabel]. */
  'doc.pagination': string;
  /** Small text above the previous and next page's title [theme.docs.paginator.previous/next]. */
  'doc.previous': string;
  'doc.next': string;
  /** [theme.common.editThisPage] */
  'doc.editPage': string;
  /** `{date}` the formatted date [theme.lastUpdated.lastUpdatedAtBy]. */
  'doc.lastUpdated': string;
  /** Notice on a page with front matter `unlisted` [theme.contentVisibility.unlistedBanner.title / .message]. */
  'unlisted.title': string;
  'unlisted.notice': string;
  /** Before a doc's tag links [theme.tags.tagsListLabel]. */
  'tags.label': string;
  /** Title of a tag's page; `{tag}` its label, `{count}` its docs [theme.docs.tagDocListPageTitle]. */
  'tags.page': string;
  /** Title of the page of all tags [theme.tags.tagsPageTitle]. */
  'tags.all': string;
  /** A tag page's link to all tags [theme.tags.tagsPageLink]. */
  'tags.viewAll': string;
  /** aria-label of a heading's `#` link; `{heading}` its text [theme.common.headingLinkTitle]. */
  'heading.permalink': string;
  /** Before the build date in the footer (followed by ': '). */
  'footer.buildDate': string;
  /** [theme.AnnouncementBar.closeButtonAriaLabel] */
  'announcement.close': string;
  'announcement.label': string;
  /** The colour-mode names used by the toggle [theme.colorToggle.ariaLabel.mode.*]. */
  'colorMode.light': string;
  'colorMode.dark': string;
  'colorMode.system': string;
  /** Toggle's aria-label; `{mode}` the current mode's name [theme.colorToggle.ariaLabel]. */
  'colorMode.toggle': string;
  /** Toggle's title; `{mode}` the current mode's name, `{next}` the next one's. */
  'colorMode.toggleTitle': string;
  /** Search button text [theme.SearchBar.label]. */
  'search.button': string;
  'search.buttonLabel': string;
  'search.dialog': string;
  'search.input': string;
  /** [theme.SearchModal.placeholder] */
  'search.placeholder': string;
  /** [theme.SearchModal.searchBox.cancelButtonText] */
  'search.close': string;
  'search.results': string;
  'search.loadFailed': string;
  'search.typeQuery': string;
  'search.loading': string;
  'search.searching': string;
  /** `{query}` what was searched [theme.SearchModal.noResultsScreen.noResultsText]. */
  'search.noResults': string;
  /** `{count}` the number of hits; one form per plural category, separated by `|` (templates/i18n/plural.ts). */
  'search.count': string;
  /** Button under the results that loads the next ones. */
  'search.more': string;
  /** Help line; the three labels follow the ↑↓, Enter and Esc keys [theme.SearchModal.footer.*]. */
  'search.helpSelect': string;
  'search.helpNavigate': string;
  'search.helpClose': string;
  /** Docs version dropdown's aria-label [theme.navbar.versionDropdown: none; Docusaurus shows the label]. */
  'version.dropdown': string;
  /** Banner of an unreleased version; `{siteTitle}` and `{versionLabel}` [theme.docs.versions.unreleasedVersionLabel]. */
  'version.unreleased': string;
  /** Banner of an unmaintained version; same parameters [theme.docs.versions.unmaintainedVersionLabel]. */
  'version.unmaintained': string;
  /** Banner's link sentence; `{latestVersionLink}` the link, `{versionLabel}` the latest version's label [theme.docs.versions.latestVersionSuggestionLabel]. */
  'version.latestSuggestion': string;
  /** The link's text [theme.docs.versions.latestVersionLinkLabel]. */
  'version.latestLink': string;
  /** Badge above a versioned doc's title; `{versionLabel}` [theme.docs.versionBadge.label]. */
  'version.badge': string;
  /** Search dialog option: search every version instead of the one the reader is in. */
  'version.searchAll': string;
  /** Copy button of code blocks [theme.CodeBlock.copy / copied / copyButtonAriaLabel]. */
  'code.copy': string;
  'code.copied': string;
  'code.copyLabel': string;
  /** The page menu (templates/components/PageMenu.tsx): its button, its items, and the prompt naming the twin's URL. */
  'pageMenu.label': string;
  'pageMenu.copy': string;
  'pageMenu.copied': string;
  'pageMenu.view': string;
  'pageMenu.chatgpt': string;
  'pageMenu.claude': string;
  'pageMenu.prompt': string;
  /** The same menu for one API operation (templates/api/Operation.tsx): its button and its copy item. */
  'pageMenu.operationLabel': string;
  'pageMenu.copyOperation': string;
  /** Admonition default titles [theme.admonition.*]. */
  'admonition.note': string;
  'admonition.tip': string;
  'admonition.info': string;
  'admonition.warning': string;
  'admonition.caution': string;
  'admonition.danger': string;
  'admonition.important': string;
  'admonition.details': string;
  /** A tab written without `[label]`; `{n}` its 1-based position. */
  'tabs.untitled': string;
  /** aria-label of the scrollable region around a table. */
  'table.label': string;
  /** Summary of a diagram's source; `{language}` Mermaid or PlantUML. */
  'diagram.source': string;
  /** Not-found page [theme.NotFound.title / p1 / p2]. */
  'notFound.title': string;
  'notFound.lead': string;
  'notFound.reportLink': string;
  'notFound.home': string;
  /** Crash screen [theme.ErrorPageContent.title / tryAgain]. */
  'crash.title': string;
  'crash.lead': string;
  'crash.tryAgain': string;
  /** The wrong-base-URL warning (spec §8); `{baseUrl}` the configured base URL. */
  'baseUrl.warning': string;
  'api.parameters': string;
  'api.requestBody': string;
  /** Over the `itemSchema` of a sequential media type (OpenAPI 3.2): the schema each item of the stream follows. */
  'api.itemSchema': string;
  /** Over a multipart or form body's Encoding Objects (how each property is sent). */
  'api.encoding': string;
  'api.responses': string;
  'api.security': string;
  'api.noSecurity': string;
  'api.required': string;
  'api.readOnly': string;
  'api.writeOnly': string;
  'api.deprecated': string;
  'api.nullable': string;
  'api.noAdditional': string;
  'api.additional': string;
  'api.recursive': string;
  'api.tryIt': string;
  'api.copy': string;
  /** Download link of the document; `{download}` is 'api.download' (ja builds the phrase around it). */
  'api.downloadYaml': string;
  'api.downloadJson': string;
  'api.download': string;
  /** Placeholder of the operation filter, with example queries. */
  'api.filterPlaceholder': string;
  'api.filterLabel': string;
  'api.filterEmpty': string;
  'api.nav': string;
  'api.schemas': string;
  'api.servers': string;
  'api.serverDefault': string;
  /** What `info` says beside the description: labels of its licence, terms, contact, external docs. */
  'api.license': string;
  'api.termsOfService': string;
  'api.contact': string;
  'api.externalDocs': string;
  /** The button that opens the operations menu on narrow screens. */
  'api.menu': string;
  'api.requestSamples': string;
  'api.responseSamples': string;
  /** aria-label of an operation's samples column; `{operation}` its summary or id. */
  'api.samplesOf': string;
  'api.headers': string;
  'api.items': string;
  'api.oneOf': string;
  'api.anyOf': string;
  'api.discriminator': string;
  /** Before a union's discriminator property name; `{label}` is 'api.discriminator'. */
  'api.discriminatorNote': string;
  'api.seeSchema': string;
  /** A constraint of the items of an array; `{constraint}` the constraint's label. */
  'api.itemsConstraint': string;
  /** Beside a `patternProperties` row's `/pattern/`: properties whose names match it. */
  'api.kw.patternProperties': string;
  /** Row names of JSON Schema keywords' subschemas (SchemaKeywordModel). */
  'api.kw.propertyNames': string;
  'api.kw.unevaluatedProperties': string;
  'api.kw.unevaluatedItems': string;
  /** `{name}` the property whose presence applies the subschema. */
  'api.kw.dependentSchemas': string;
  'api.kw.if': string;
  'api.kw.then': string;
  'api.kw.else': string;
  'api.kw.contains': string;
  /** `dependentRequired`: `{name}` the property whose presence requires the ones listed after it. */
  'api.dependentRequired': string;
  /** The schema a discriminator applies when its property names no mapped one (OpenAPI 3.2 `defaultMapping`). */
  'api.discriminatorDefault': string;
  /** `{scopes}` the comma-separated OAuth scopes. */
  'api.scopes': string;
  /** The `default` response status and the `default` tag. */
  'api.otherStatus': string;
  'api.defaultTag': string;
  /** Webhooks (OpenAPI 3.1): the group heading (untagged), a tagged group `{tag}`, and the badge of one. */
  'api.webhooks': string;
  'api.webhooksOf': string;
  'api.webhook': string;
  /** The heading of an operation's callbacks, and the label of one `{name}`. */
  'api.callbacks': string;
  'api.callback': string;
  /** The note on a reference whose document was Swagger 2.0, converted to OpenAPI 3.0 on load. */
  'api.convertedFromSwagger': string;
  /** Example names: an unnamed example, one generated from the schema, and the mark of a cut example. */
  'api.example': string;
  'api.exampleGenerated': string;
  'api.exampleTruncated': string;
  /** A oneOf/anyOf variant with no name, title or type; `{n}` its 1-based position. */
  'api.variant': string;
  /** Fallback title of the link back from a part to its API page. */
  'api.reference': string;
  /** Link and note of a split reference's placeholder; `{label}` what the part holds. */
  'api.showPart': string;
  'api.partNote': string;
  /**
   * What a part holds: `{tag}` a tag's name; then `{what}` (that, or 'api.schemas') with `{total}` items in all,
   * or items `{from}` to `{to}` of `{total}` (1-based).
   */
  'api.partOperations': string;
  'api.partWhole': string;
  'api.partRange': string;
  /** Security scheme kinds (OpenAPI 3.0 §4.7.27); `{format}` the bearer format, `{scheme}` an HTTP scheme. */
  'api.auth.bearer': string;
  'api.auth.bearerFormat': string;
  'api.auth.basic': string;
  'api.auth.http': string;
  'api.auth.apiKey': string;
  'api.auth.oauth2': string;
  'api.auth.openIdConnect': string;
  'api.auth.mutualTLS': string;
  /** Parameter locations (OpenAPI 3.0 §4.7.12 `in`). */
  'api.in.path': string;
  'api.in.query': string;
  /** OpenAPI 3.2 `in: querystring`: the whole query string as one parameter. */
  'api.in.querystring': string;
  'api.in.header': string;
  'api.in.cookie': string;
  /** Schema constraint keywords (JSON Schema validation), in display order in templates/api/Schema.tsx. */
  'api.constraint.format': string;
  'api.constraint.default': string;
  'api.constraint.const': string;
  'api.constraint.enum': string;
  'api.constraint.pattern': string;
  'api.constraint.minimum': string;
  'api.constraint.maximum': string;
  'api.constraint.exclusiveMinimum': string;
  'api.constraint.exclusiveMaximum': string;
  'api.constraint.multipleOf': string;
  'api.constraint.minLength': string;
  'api.constraint.maxLength': string;
  'api.constraint.minItems': string;
  'api.constraint.maxItems': string;
  'api.constraint.uniqueItems': string;
  'api.constraint.minProperties': string;
  'api.constraint.maxProperties': string;
  /** JSON Schema 2020-12 §8 (OpenAPI 3.1+): the media type and encoding of a string's content. */
  'api.constraint.contentMediaType': string;
  'api.constraint.contentEncoding': string;
  /** JSON Schema 2020-12 §6.4.4-5: how many items `contains` must match. */
  'api.constraint.minContains': string;
  'api.constraint.maxContains': string;
  /** The schema's XML Object (name, namespace, prefix, attribute, wrapped, nodeType). */
  'api.constraint.xml': string;
  /** Try-it console (src/client/api/try-it.ts). `{media}` a media type, `{ms}` milliseconds, `{error}` the cause. */
  'tryIt.serverUrl': string;
  'tryIt.token': string;
  'tryIt.tokenLabel': string;
  'tryIt.remember': string;
  'tryIt.body': string;
  /** Row label of a parameter: `{name}` and `{in}` (its location). */
  'tryIt.param': string;
  /** `{status}` code and text, `{ms}` the time taken. */
  'tryIt.status': string;
  'tryIt.send': string;
  'tryIt.sending': string;
  'tryIt.failed': string;
  /** Not sent: `{origin}` is not a server the document declares (the token stays on this page). */
  'tryIt.refusedForeign': string;
  /** Not sent: the server URL is not an http(s) URL. */
  'tryIt.refusedInvalid': string;
  /** Locales: aria-label of the navbar's locale dropdown button. */
  'locale.dropdown': string;
  /** Notice on a page shown in the default locale's language because it has no translation yet. */
  'locale.untranslated': string;
}

/** A message id, e.g. `footer.buildDate`. */
export type MessageId = keyof Messages;

/**
 * Hast property (`data-message`) by which build-time code asks for a label: the element's text becomes the message
 * with that id, its parameters taken from MESSAGE_PARAMS_ATTRIBUTE (JSON). Rendered by templates/components/Content.tsx.
 */
export const MESSAGE_ATTRIBUTE = 'dataMessage';
/** Hast property (`data-aria-message`): the element's aria-label becomes the message with that id. */
export const ARIA_MESSAGE_ATTRIBUTE = 'dataAriaMessage';
/** Hast property (`data-message-params`): the JSON object of the message's parameters. */
export const MESSAGE_PARAMS_ATTRIBUTE = 'dataMessageParams';

/**
 * The text of a message with its parameters filled in.
 * @param messages the site's resolved messages (SiteData.messages)
 * @param id message id
 * @param params values of `{name}` placeholders; a placeholder without a value stays as written
 * @returns the text
 */
export function translate(messages: Messages, id: MessageId, params: Record<string, string | number> = {}): string {
  return messages[id].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A message cut at its placeholders, for rendering where parameters are separate nodes (React renders each piece
 * as its own text node, as the theme wrote `{label}を表示` before labels moved into catalogues).
 * @returns literal pieces and parameter values in order; empty literals are dropped
 */
export function translateParts<T>(messages: Messages, id: MessageId, params: Record<string, T>): (string | T)[] {
  return messages[id]
    .split(/(\{\w+\})/)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      return name !== undefined && name in params ? params[name]! : piece;
    });
}
