/**
 * The files of the starter site `docgen init` writes: a commented site.config.ts with the
 * minimal configuration, a home page, three pages in two sidebar categories, one small OpenAPI document, a favicon
 * and a logo, a package.json with the `dev`/`build`/`serve` scripts, a tsconfig.json that type-checks the config,
 * and a GitHub Pages workflow. Text in Japanese or English; the UI follows `i18n.defaultLocale` and the reader's
 * colour scheme.
 */
import { PACKAGE_NAME } from '../paths.js';

/** The languages the starter text is written in (the UI catalogues templates/i18n/ja.ts and en.ts). */
export type StarterLocale = 'en' | 'ja';

interface Text {
  tagline: string;
  getStarted: string;
  guides: string;
  docs: string;
  api: string;
  homeText: string;
  homeBody: string;
  intro: [string, string];
  install: [string, string];
  writing: [string, string];
  apiTitle: string;
  apiSummary: [string, string, string];
}

const TEXT: Record<StarterLocale, Text> = {
  en: {
    tagline: 'Documentation built with docgen',
    getStarted: 'Getting started',
    guides: 'Guides',
    docs: 'Docs',
    api: 'API',
    homeText: 'Everything you need to start',
    homeBody:
      'This is the home page: `content/index.md`. Edit it, then read [the introduction](./docs/getting-started/introduction.md).',
    intro: [
      'Introduction',
      'Every Markdown file under `content/` is a page: `content/docs/getting-started/introduction.md` is served at `/docs/getting-started/introduction`.\n\n:::tip\nRun `npm run dev` and edit this file: the page updates as you save.\n:::\n\nNext: [installation](./installation.md).',
    ],
    install: [
      'Installation',
      'Install the dependencies once:\n\n```sh\nnpm install\n```\n\n| command | what it does |\n|---|---|\n| `npm run dev` | serves the site with live updates at http://127.0.0.1:3000/ |\n| `npm run build` | builds the static site into `dist/` |\n| `npm run serve` | previews `dist/` like a static host |\n\nThen [write your first page](../guides/writing-pages.md).',
    ],
    writing: [
      'Writing pages',
      'Pages take front matter (`title`, `sidebar_label`, `sidebar_position`, `description`) and Markdown with tables, admonitions and code blocks.\n\n## Links\n\nLink to other pages by their file: [introduction](../getting-started/introduction.md). Link to an API operation by its id: [list the items](/api/example#listItems).\n\n## Sidebars\n\nThe sidebar is defined in `site.config.ts` (`sidebars`). Add a page there after you create it.\n\n:::note\nEvery link is checked when the site is built: a broken one stops the build and names the file and line.\n:::',
    ],
    apiTitle: 'Example API',
    apiSummary: ['List the items', 'Create an item', 'Get one item'],
  },
  ja: {
    tagline: 'docgen で作るドキュメント',
    getStarted: 'はじめに',
    guides: 'ガイド',
    docs: 'ドキュメント',
    api: 'API',
    homeText: 'はじめるために必要なこと',
    homeBody:
      'ここはトップページ（`content/index.md`）です。編集してから[概要](./docs/getting-started/introduction.md)を読んでください。',
    intro: [
      '概要',
      '`content/` の下の Markdown ファイルがそれぞれページになります。`content/docs/getting-started/introduction.md` は `/docs/getting-started/introduction` で表示されます。\n\n:::tip\n`npm run dev` を実行してこのファイルを編集すると、保存するたびにページが更新されます。\n:::\n\n次は[インストール](./installation.md)です。',
    ],
    install: [
      'インストール',
      '最初に依存パッケージをインストールします。\n\n```sh\nnpm install\n```\n\n| コマンド | 内容 |\n|---|---|\n| `npm run dev` | 編集をすぐ反映する開発サーバー（http://127.0.0.1:3000/） |\n| `npm run build` | `dist/` に静的サイトをビルド |\n| `npm run serve` | `dist/` を静的ホストと同じようにプレビュー |\n\n次は[ページを書く](../guides/writing-pages.md)です。',
    ],
    writing: [
      'ページを書く',
      'ページにはフロントマター（`title`、`sidebar_label`、`sidebar_position`、`description`）と、表・アドモニション・コードブロックを含む Markdown を書けます。\n\n## リンク\n\n他のページへはファイルでリンクします: [概要](../getting-started/introduction.md)。API のオペレーションへは ID でリンクします: [一覧を取得](/api/example#listItems)。\n\n## サイドバー\n\nサイドバーは `site.config.ts` の `sidebars` で定義します。ページを作ったらここに追加してください。\n\n:::note\nリンクはビルドのたびに検査されます。リンク切れがあるとビルドは止まり、ファイルと行を表示します。\n:::',
    ],
    apiTitle: 'サンプル API',
    apiSummary: ['一覧を取得', '作成', '1 件を取得'],
  },
};

/**
 * The package.json of a new docgen site (`init`, `migrate`): private, the `dev`/`build`/`serve` scripts, docgen as
 * its one dependency.
 * @param name the site's name; the package name is its lower-case, dash-separated form
 * @param docgenRange the docgen-cli dependency's range (docgenDependency)
 */
export function sitePackageJson(name: string, docgenRange: string): string {
  const pkg = {
    name:
      name
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'docs',
    private: true,
    type: 'module',
    scripts: { ...SITE_SCRIPTS },
    dependencies: { [PACKAGE_NAME]: docgenRange },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The npm scripts of a docgen site. */
export const SITE_SCRIPTS: Readonly<Record<'dev' | 'build' | 'serve', string>> = {
  dev: 'docgen dev',
  build: 'docgen build',
  serve: 'docgen serve',
};

/** Lines of a site's .gitignore: `dist` without a slash, as the build makes it a symbolic link to a `.docgen-site-*` folder. */
export const SITE_GITIGNORE = ['node_modules/', 'dist', '.docgen-*'];

function page(title: string, body: string): string {
  return `---\ntitle: ${title}\n---\n\n${body}\n`;
}

function siteConfig(name: string, locale: StarterLocale, t: Text): string {
  return `import { defineConfig } from '${PACKAGE_NAME}';

// The site's configuration. Required keys: product, title and url; everything else has a default.
// Every key is described in docgen's README ("Configuration"); a mistyped key fails with its path and line.
export default defineConfig({
  // The product name; '{product}' in title is replaced by it.
  product: ${JSON.stringify(name)},
  title: '{product}',
  tagline: ${JSON.stringify(t.tagline)},
  // Where the site will be published (canonical URLs, sitemap), and the path it is served under
  // (\`docgen build --base-url /repo/\` overrides it, as the GitHub Pages workflow in .github/ does).
  url: 'https://docs.example.com',
  baseUrl: '/',
  // Files of content/ that are not pages are copied as they are.
  favicon: 'favicon.svg',
  // The language of the interface (labels, dates): 'ja' or 'en'.
  i18n: { defaultLocale: '${locale}', locales: ['${locale}'] },
  themeConfig: {
    // Light or dark as the reader's system is (prefers-color-scheme), until they pick one.
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },
    navbar: {
      logo: 'img/logo.svg',
      items: [
        { type: 'docSidebar', sidebarId: 'docs', label: ${JSON.stringify(t.docs)} },
        { label: ${JSON.stringify(t.api)}, href: '/api/example' },
      ],
    },
    footer: { copyright: ${JSON.stringify(`© ${name}`)} },
  },
  // Sidebars: ids are page paths under content/ without the extension.
  sidebars: {
    docs: {
      label: ${JSON.stringify(t.docs)},
      entry: '/docs/getting-started/introduction',
      items: [
        {
          type: 'category',
          label: ${JSON.stringify(t.getStarted)},
          items: [
            { type: 'doc', id: 'docs/getting-started/introduction' },
            { type: 'doc', id: 'docs/getting-started/installation' },
          ],
        },
        { type: 'category', label: ${JSON.stringify(t.guides)}, items: [{ type: 'doc', id: 'docs/guides/writing-pages' }] },
      ],
    },
  },
  // OpenAPI documents, each rendered as an API reference page at its route.
  apis: [{ spec: 'openapi/example.yaml', route: '/api/example' }],
});
`;
}

function openapi(t: Text): string {
  const [list, create, get] = t.apiSummary;
  return `openapi: 3.1.0
info:
  title: ${JSON.stringify(t.apiTitle)}
  version: 1.0.0
servers:
  - url: https://api.example.com/v1
paths:
  /items:
    get:
      operationId: listItems
      summary: ${JSON.stringify(list)}
      tags: [items]
      parameters:
        - name: limit
          in: query
          schema: { type: integer, minimum: 1, maximum: 100, default: 20 }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Item' }
    post:
      operationId: createItem
      summary: ${JSON.stringify(create)}
      tags: [items]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Item' }
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Item' }
  /items/{id}:
    get:
      operationId: getItem
      summary: ${JSON.stringify(get)}
      tags: [items]
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Item' }
        '404':
          description: Not found
components:
  schemas:
    Item:
      type: object
      required: [id, name]
      properties:
        id: { type: string, readOnly: true, example: item-1 }
        name: { type: string, example: Example }
`;
}

/** A book on a blue tile: the favicon, and the navbar logo (28 px). */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2563eb"/><path d="M8 8.5C8 7.7 8.7 7 9.5 7H15v18H9.5c-.8 0-1.5-.7-1.5-1.5zM17 7h5.5c.8 0 1.5.7 1.5 1.5v15c0 .8-.7 1.5-1.5 1.5H17z" fill="#fff"/></svg>
`;

/** Type-checks site.config.ts against docgen's declarations: `npx -p typescript tsc` (TypeScript is not a dependency of the site; a bare `npx tsc` would fetch the unrelated npm package `tsc`). */
const TSCONFIG = `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, skipLibCheck: true, noEmit: true }, include: ['site.config.ts'] }, null, 2)}\n`;

/**
 * Builds the site and publishes it with GitHub Pages (Settings > Pages > Source: GitHub Actions) on every push to
 * main. The base URL is the Pages site's path (\`/<repository>/\` for a project site, empty for a user site or a
 * custom domain), from actions/configure-pages.
 */
const PAGES_WORKFLOW = `name: Deploy docs to GitHub Pages

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - id: pages
        uses: actions/configure-pages@v5
      - run: npm install
      - run: npx docgen build --base-url "\${{ steps.pages.outputs.base_path }}/"
      - uses: actions/upload-pages-artifact@v3
        with:
          path: dist
  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;

/**
 * The starter site's files.
 * @param name the product name (the folder's name)
 * @param locale language of the text and the UI
 * @param docgenRange the docgen-cli dependency's range (docgenDependency)
 * @returns path relative to the site folder -> file text
 */
export function starterFiles(name: string, locale: StarterLocale, docgenRange: string): Record<string, string> {
  const t = TEXT[locale];
  const home = `---\ntitle: ${name}\nlayout: home\nhero:\n  name: ${JSON.stringify(name)}\n  text: ${JSON.stringify(t.homeText)}\n  tagline: ${JSON.stringify(t.tagline)}\n  actions:\n    - text: ${JSON.stringify(t.getStarted)}\n      link: /docs/getting-started/introduction\n      theme: brand\n    - text: ${JSON.stringify(t.api)}\n      link: /api/example\n      theme: alt\n---\n\n${t.homeBody}\n`;
  return {
    'site.config.ts': siteConfig(name, locale, t),
    'package.json': sitePackageJson(name, docgenRange),
    '.gitignore': `${SITE_GITIGNORE.join('\n')}\n`,
    'tsconfig.json': TSCONFIG,
    '.github/workflows/deploy-docs.yml': PAGES_WORKFLOW,
    'content/favicon.svg': FAVICON,
    'content/img/logo.svg': FAVICON,
    'content/index.md': home,
    'content/docs/getting-started/introduction.md': page(...t.intro),
    'content/docs/getting-started/installation.md': page(...t.install),
    'content/docs/guides/writing-pages.md': page(...t.writing),
    'openapi/example.yaml': openapi(t),
  };
}
