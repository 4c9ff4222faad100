#!/usr/bin/env node
/**
 * `node bench/real-sites.mjs [site...]`: public Docusaurus and VitePress sites docgen was not fitted to, taken whole
 * at a pinned commit from a local bare mirror (`git archive`, no network), through `docgen migrate` and a cold
 * `docgen build` with no hand edit. Prints a Markdown table: source pages, routes built, build exit, errors and
 * warnings, CPU time (user + sys) and peak RSS of the build (`/usr/bin/time -v`), and what of the pages' Markdown
 * syntax is printed as text in the built HTML (containers, includes, `{{ }}`, `[[toc]]`, admonitions, import lines),
 * the share of the original pages' prose the built pages show (words of the Markdown the original tool publishes,
 * read before migrate, without syntax, found in the built <main> text, CJK counted by character), the images of the built pages that are not files in dist/, and
 * how many of the URLs the original tool publishes (computed from the original sources by original-routes.mjs)
 * resolve in dist/, with the first missing one.
 *
 * Mirrors: DOCGEN_MIRRORS (default /work/.mirror) holds `<owner>+<name>/repo`, a bare clone of each site's repository.
 * A site whose mirror or commit is missing is reported as such, not failed.
 *
 * Usage: node bench/real-sites.mjs [--keep] [--verbose] [site...]
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalSite, urlsKept } from './original-routes.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/docgen.js');
const MIRRORS = process.env.DOCGEN_MIRRORS ?? '/work/.mirror';

/**
 * Each site: repository, pinned commit, the tool it was built with, the folders `git archive` takes (the whole
 * repository when absent) and the site folder `docgen migrate` reads, relative to the repository.
 */
export const SITES = {
  'little-stars-library': {
    repo: 'koboshi-kyopro/little-stars-library',
    commit: '36b12864eacaf168849249d75324139ffabf848b',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'ohlaser-support': {
    repo: 'ohlaser/support_docs',
    commit: 'b002b1f73d78d54e7966388fccefc159fb00803b',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'winactor-adapters': {
    repo: 'msys-winactor/msys-dx-adapters-docs',
    commit: '7daad39fab17288f63e426635736cf0315c860e6',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
    // The preset's docs are off (`docs: false`); three docs plugin instances, each at its own base path.
    original: {
      docs: [
        { id: 'wmc', path: 'docs-wmc', routeBasePath: 'wmc' },
        { id: 'box', path: 'docs-box', routeBasePath: 'box' },
        { id: 'kintone', path: 'docs-kintone', routeBasePath: 'kintone' },
      ],
    },
  },
  'vue-docs-ja': {
    repo: 'vuejs-translations/docs-ja',
    commit: 'c627102bfabf8bc5ecaa6eb763b965a0a5d43a5b',
    tool: 'vitepress',
    site: '.',
    lang: 'ja',
  },
  vitepress: {
    repo: 'vuejs/vitepress',
    commit: 'ed2bfb266ef788e86d1a73fe3cd7708a4cd5e260',
    tool: 'vitepress',
    paths: ['docs', 'art', 'LICENSE'],
    site: 'docs',
    lang: 'en + 7 locales',
  },
  rolldown: {
    repo: 'rolldown/rolldown',
    commit: '12b5cd0d3b9931fe64e40ea2ff5fa68b4daded44',
    tool: 'vitepress',
    paths: ['docs', 'LICENSE'],
    site: 'docs',
    lang: 'en',
  },
  ionic: {
    repo: 'ionic-team/ionic-docs',
    commit: 'b3a1b9200febba4be05b9a9f0d15d3b7d32b627a',
    tool: 'docusaurus',
    site: '.',
    lang: 'en, versions',
  },
  'phpstan-ja': {
    repo: 'malsuke/phpstan-unofficial-document',
    commit: '88a47e822459a0346ee9c728aeabf9f03a0629c7',
    tool: 'vitepress',
    site: '.',
    lang: 'ja + en',
  },
  kiriko: {
    repo: 'openreachtech/kiriko-docs',
    commit: 'd3b2bdd6be74cc47ec38c72388be031824e7d673',
    tool: 'vitepress',
    site: '.',
    lang: 'en + ja',
  },
  'sensing-dev': {
    repo: 'Sensing-Dev/doc',
    commit: 'fbf63efca914ffac7395fbe7c9386022eae3574c',
    tool: 'docusaurus',
    site: '.',
    lang: 'en + ja, versions',
  },
  dotsubo: {
    repo: 'hkawa90/Dotsubo',
    commit: 'eaf44290c40f3bb906d8d528a348c826e1e42b22',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'reading-vapor': {
    repo: 'ubugeeei/reading-vuejs-core-vapor',
    commit: '6b6177761872fd64517a3a32d56f65a4a50cd0f9',
    tool: 'vitepress',
    site: '.',
    lang: 'ja + en',
  },
  marshoai: {
    repo: 'LiteyukiStudio/nonebot-plugin-marshoai',
    commit: '04e380f6734fc6ae1d1cf213b052c7393e0c51bb',
    tool: 'vitepress',
    paths: ['docs', 'LICENSE-MIT', 'package.json'],
    site: 'docs',
    lang: 'zh + en + ja',
    // rewrites: { [`${defaultLang}/:rest*`]: ':rest*' }, a computed key; defaultLang is 'zh'.
    original: { rewrites: { 'zh/:rest*': ':rest*' } },
  },
  'doc-tech-ds': {
    repo: 'ooq-kamui/doc-tech-ds',
    commit: 'cf237aba54a1437ac1bcf20328f364f5d8a0f261',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  orisnow: {
    repo: 'Orisnow/Orisnow.github.io',
    commit: 'ac0fc856e1a17714ab02d61c28a27db16cda766f',
    tool: 'vitepress',
    site: 'docs',
    lang: 'zh + ja + en',
  },
  framescript: {
    repo: 'frame-script/FrameScript',
    commit: 'df01b9193b44785d8cbdfd321eb1d7a0735a30c7',
    tool: 'docusaurus',
    paths: ['docs', 'LICENSE'],
    site: 'docs',
    lang: 'en + ja',
  },
  prettier: {
    repo: 'prettier/prettier',
    commit: '4f84a934201322ca87750e2b9b25baf296da6560',
    tool: 'docusaurus',
    paths: ['docs', 'website', 'LICENSE', 'package.json'],
    site: 'website',
    lang: 'en',
  },
  snapsql: {
    repo: 'shibukawa/snapsql',
    commit: 'ec2fe0ccbae517b0c387f645ed5d3e1508b9dcdb',
    tool: 'vitepress',
    paths: ['docs/pages', 'LICENSE.md'],
    site: 'docs/pages',
    lang: 'ja',
  },
  'chart-cyanvas-wiki': {
    repo: 'sevenc-nanashi/chart_cyanvas',
    commit: '797b27af60c20bd5dce596ebeee86cf0e3be963d',
    tool: 'vitepress',
    paths: ['wiki', 'LICENSE.txt'],
    site: 'wiki/docs',
    lang: 'ja + en',
  },
  'es-toolkit': {
    repo: 'toss/es-toolkit',
    commit: 'a1918b04e0e46e70000e0b6b048f1aabaafc1afb',
    tool: 'vitepress',
    paths: ['docs', 'LICENSE', 'package.json'],
    site: 'docs',
    lang: 'en + ja + ko + zh',
    // srcExclude is set in .vitepress/shared.mts, which config.mts spreads.
    original: { srcExclude: ['**/CLAUDE.md'] },
  },
  openpix: {
    repo: 'Open-Pix/openpix-developers',
    commit: '76584f02762014d90ab49bf0d9ff1aee8a3e8d3f',
    tool: 'docusaurus',
    site: '.',
    lang: 'pt-BR + en',
    // i18n.locales is a variable: const locales = ['pt-BR', 'en'].
    original: { locales: ['pt-BR', 'en'] },
  },
  'kyatap-docs': {
    repo: 'KYATAPsan/docs',
    commit: '94f61a87d44aaef089d455b98f69c244a9dc54a7',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'lagrange-doc': {
    repo: 'LagrangeDev/Lagrange.Doc',
    commit: 'c3d44de8ac38506cf77c9c7b6905bfa3957c4f32',
    tool: 'vitepress',
    paths: ['docs/v2', 'LICENSE'],
    site: 'docs/v2',
    lang: 'zh',
  },
  'ikaros-docs': {
    repo: 'ikaros-dev/docs',
    commit: '4c50900f5c91822250573fdeea2b276bd7837866',
    tool: 'docusaurus',
    site: '.',
    lang: 'zh + en, 13 versions (Docusaurus 2.4)',
  },
  'finsim-pro': {
    repo: 'pechjacob/finsim-pro',
    commit: '6c6f4215657e30a15681f40590a436d69a885711',
    tool: 'docusaurus',
    paths: ['docs'],
    site: 'docs',
    lang: 'en, 8 versions',
  },
  'iroha-2-docs': {
    repo: 'hyperledger/iroha-2-docs',
    commit: 'a3b05f21647b831e8b637546284e60997a4ecc07',
    tool: 'vitepress',
    site: '.',
    lang: 'en',
  },
  'vrc-package-docs': {
    repo: '32ba/VRC-package-docs',
    commit: '73197dc468d8bfa0b0db9ee5df5474b0cdbaef7b',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'docs-docusaurus-058suke': {
    repo: '058suke/docs-docusaurus',
    commit: '20896db838ab732b6c33ab4e1885b5357b6e2f33',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'kernelsu-website': {
    repo: 'tiann/KernelSU',
    commit: 'dab9430fa1b3ce2aca34709df2d2fb6baf50018b',
    tool: 'vitepress',
    paths: ['website', 'LICENSE'],
    site: 'website/docs',
    lang: 'en + ja + 6 locales',
  },
  'nakamura-git-tutorial': {
    repo: 'ykgw-daiki-nakamura/nakamura-git-tutorial',
    commit: '9242651311cd7587df7f3b1723ae2310983b86ab',
    tool: 'vitepress',
    paths: ['docs', 'LICENSE', 'package.json'],
    site: 'docs',
    lang: 'ja',
  },
  'tanomimaster-doc': {
    repo: 'tanomimaster/tanomimaster-doc',
    commit: 'd937eecd2e08f0a04fc42c240e13f575dfb4491d',
    tool: 'docusaurus',
    paths: ['website'],
    site: 'website',
    lang: 'ja',
  },
  pinia: {
    repo: 'vuejs/pinia',
    commit: '254eec764ecccd120ab9dbc31352d76ffd6ecfa3',
    tool: 'vitepress',
    paths: ['packages/docs', 'LICENSE'],
    site: 'packages/docs',
    lang: 'en + zh',
  },
  '0g-doc': {
    repo: '0glabs/0g-doc',
    commit: '8f000a4fa7a793229a0843638b189951becc3d53',
    tool: 'docusaurus',
    site: '.',
    lang: 'en',
  },
  'vue-router': {
    repo: 'vuejs/router',
    commit: 'b19cce24aaf561b154b23cd475ca112bd61f2d10',
    tool: 'vitepress',
    paths: ['packages/docs', 'LICENSE'],
    site: 'packages/docs',
    lang: 'en + zh',
  },
  tailcall: {
    repo: 'tailcallhq/tailcallhq.github.io',
    commit: 'f4acb2cbe600be43252dd72852ccb495d25352fc',
    tool: 'docusaurus',
    site: '.',
    lang: 'en',
    // The config's first routeBasePath is the blog plugin's; the classic docs keep the default 'docs'.
    original: {
      docs: [
        { path: 'docs', routeBasePath: 'docs' },
        { id: 'graphql', path: 'graphql', routeBasePath: 'graphql' },
      ],
    },
  },
  asobinon: {
    repo: 'matsu1r/asobinon',
    commit: '657e9c11b8e0edf840b534a09eb36e47f3a7b81d',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'vrm-dev': {
    repo: 'vrm-c/vrm.dev',
    commit: '17d89930b4a0eb09e6162494e70abb44b020b2b1',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
  },
  'vite-docs': {
    repo: 'vitejs/vite',
    commit: 'a98c8d95d552c6fa98ab66fb810f5b39ad5abf49',
    tool: 'vitepress',
    // .vitepress/config.ts reads the version for the nav from ../../packages/vite/package.json; the
    // acknowledgements data loader reads packages/vite/LICENSE.md.
    paths: ['docs', 'packages/vite/package.json', 'packages/vite/LICENSE.md', 'LICENSE'],
    site: 'docs',
    lang: 'en',
  },
  kysely: {
    repo: 'kysely-org/kysely',
    commit: '478ec67b2de2568f5590a015d3e120644e81bd87',
    tool: 'docusaurus',
    paths: ['site', 'LICENSE'],
    site: 'site',
    lang: 'en',
  },
  'utcode-learn': {
    repo: 'ut-code/utcode-learn',
    commit: '6a7fc9f320ad90b255723feb8f92e2e0fed48530',
    tool: 'docusaurus',
    site: '.',
    lang: 'ja',
    // docusaurus.config.ts runs `git rev-parse HEAD` (customFields.commitRef): the extracted tree has no .git, so
    // migrate reads the config with defaults (title, locale, navbar, remark-math lost; MIGRATION.md says so).
  },
  jellyfin: {
    repo: 'jellyfin/jellyfin.org',
    commit: '04dc6a60fd7045474ac40b1cac962947a4a9b4a9',
    tool: 'docusaurus',
    site: '.',
    lang: 'en',
    // The config's first routeBasePath is the blog plugin's ('posts'); the docs plugin keeps the default 'docs'.
    original: {
      docs: [{ path: 'docs', routeBasePath: 'docs' }],
      blog: { path: 'blog', routeBasePath: 'posts' },
    },
  },
  hono: {
    repo: 'honojs/website',
    commit: '3048a3680d48fbc7dfd7cd1dd312f409036d4518',
    tool: 'vitepress',
    site: '.',
    lang: 'en',
    // The sidebar's /llms*.txt are written by the site's prebuild script (scripts/build-llm-docs.ts), not run here.
  },
  'vrchat-creator-docs': {
    repo: 'vrchat-community/creator-docs',
    commit: 'fce3082ef9be082904d53b79a239333fa102a155',
    tool: 'docusaurus',
    paths: ['Docs'],
    site: 'Docs',
    lang: 'en',
    // Docusaurus 3.7: docs at '/', the blog plugin at 'releases' (its release notes), custom MDX components.
    original: {
      docs: [{ path: 'docs', routeBasePath: '/' }],
      blog: { path: 'releases', routeBasePath: 'releases' },
    },
  },
  'kintone-ui-component': {
    repo: 'kintone-labs/kintone-ui-component',
    commit: '0dc7b23eb8ab6d2d64bb68216360802561cd1f33',
    tool: 'docusaurus',
    paths: ['docs/document', 'LICENSE'],
    site: 'docs/document',
    lang: 'en + ja',
    // Docusaurus 3.10: 37 versions in versions.json, each translated to Japanese under i18n/ja (about 4,700 pages).
    // lastVersion is computed (`${getLatestVersionName()}`, versions.json's first), which the route reader cannot read.
    original: { docs: [{ path: 'docs', routeBasePath: 'docs', lastVersion: '1.25.0' }] },
  },
  'docsearch-website': {
    repo: 'algolia/docsearch',
    commit: '4ac53c423aeb5031835ed1d7d3b260646fa7bd81',
    tool: 'docusaurus',
    paths: ['packages/website', 'LICENSE'],
    site: 'packages/website',
    lang: 'en',
    // Docusaurus 3.10: `lastVersion: 'current'` with three older versions (v4, v3, legacy), custom JSX components
    // (tailwind, shadcn-style `@/components/ui`), tabs, admonitions, swizzled theme components.
  },
  'answer-website': {
    repo: 'apache/answer-website',
    commit: 'e8a9f72d824748ef3906d8a4cb596f09cac3455f',
    tool: 'docusaurus',
    site: '.',
    lang: 'en + zh-CN',
    // Docusaurus 3.1: the preset's blog is off (`blog: false`); a local plugin extending plugin-content-blog
    // publishes blog/ at 'blog'. A second docs instance 'community'. zh-CN translated under i18n/.
    original: {
      docs: [
        { path: 'docs', routeBasePath: 'docs' },
        { id: 'community', path: 'community', routeBasePath: 'community' },
      ],
      blog: { path: 'blog', routeBasePath: 'blog' },
    },
  },
  repomix: {
    repo: 'yamadashy/repomix',
    commit: 'ffe1f0cf19ae10ebd247c70d9a3ad57a29ecc829',
    tool: 'vitepress',
    paths: ['website/client', 'LICENSE'],
    site: 'website/client',
    lang: 'en + ja + 13 locales',
    // srcDir 'src'; `rewrites` maps en/* to the root; custom theme (Layout slots) in .vitepress/theme.
  },
  'vitest-docs': {
    repo: 'vitest-dev/vitest',
    commit: 'c3ba16b35847d27fb9f01f38cdcb047c77e121f8',
    tool: 'vitepress',
    // .vitepress/config.ts reads the version from ../../package.json; the CLI page's generator imports
    // packages/vitest/src/node/cli/cli-config.ts.
    paths: ['docs', 'package.json', 'packages/vitest', 'LICENSE'],
    site: 'docs',
    lang: 'en',
    // Theme extends @voidzero-dev/vitepress-theme; tabs (vitepress-plugin-tabs), twoslash, custom .vue components.
  },
  'vite-pwa-docs': {
    repo: 'vite-pwa/docs',
    // The last commit on VitePress 1.x (1.5); the next one moves to 2.0 alpha.
    commit: 'a0890c20147da2051845f0cc47b19be34cb3cdfe',
    tool: 'vitepress',
    site: '.',
    lang: 'en',
    // Markdown files in .vitepress/theme/components used as components (unplugin-vue-components), code groups with
    // group icons, a custom Layout (PwaLayout.vue), the PWA plugin (@vite-pwa/vitepress).
  },
  wxt: {
    repo: 'wxt-dev/wxt',
    commit: '9b46da88416042291bf63acc3a35bb12bcd61621',
    tool: 'vitepress',
    // .vitepress/config.ts reads each package's version from ../../packages/*/package.json.
    paths: ['docs', 'packages', 'package.json', 'LICENSE'],
    site: 'docs',
    lang: 'en',
    // VitePress 1.6: a blog (a `blog` layout component, createContentLoader data loader), code groups, footnotes,
    // a CLI data loader that runs the CLI; api/reference is generated by typedoc before the build (not in the sources).
  },
  'saasus-docs': {
    repo: 'Anti-Pattern-Inc/saasus-platform-document',
    commit: '00a94147672347084565bb7bfbb15f7ae423c21a',
    tool: 'docusaurus',
    site: '.',
    lang: 'en + ja, versions',
    // Docusaurus 3.7: six versions in versions.json, `onlyIncludeVersions: ['1.13']` (the current docs/ is not
    // published), every version translated under i18n/ja; redocusaurus API pages; Tabs, admonitions, images.
  },
  'caravan-kidstec': {
    repo: 'OpenUp-LabTakizawa/caravan-kidstec',
    commit: '07ccd95ea549ab09036757eb67d2c5ef6fd2e250',
    tool: 'docusaurus',
    paths: ['@caravan-kidstec/docs', 'LICENSE'],
    site: '@caravan-kidstec/docs',
    lang: 'ja',
    // Docusaurus 3 (future.v4, faster): Japanese-only, Tabs with code blocks, admonitions, a React home page.
  },
  tsdown: {
    repo: 'rolldown/tsdown',
    commit: '81d10e56e9e14362e53877ea7273e70997ba7796',
    tool: 'vitepress',
    // .vitepress/config/theme.ts reads the version from ../../../package.json.
    paths: ['docs', 'package.json', 'LICENSE'],
    site: 'docs',
    lang: 'en + zh-CN',
    // VitePress 2.0 alpha: config split in .vitepress/config/, locales (root + zh-CN, ru a link), a VPHero override
    // by a vite alias, a custom home (HomePage.vue), UnoCSS, twoslash, group icons; reference/api is generated by
    // typedoc before the build (not in the sources).
  },
  'shiki-docs': {
    repo: 'shikijs/shiki',
    commit: '48cd2cc695ed2e3357c3f9c370578ea843d6d9a3',
    tool: 'vitepress',
    // .vitepress/config.ts reads the version from ../../package.json and imports transformers from ../../packages.
    paths: ['docs', 'package.json', 'packages', 'LICENSE'],
    site: 'docs',
    lang: 'en',
    // VitePress 2.0 alpha: a blog (blog/v*.md), custom .vue components (playground, theme and language lists),
    // twoslash with an inline cache, mermaid (withMermaid), group icons, custom code transformers, UnoCSS.
  },
  nolebase: {
    repo: 'nolebase/integrations',
    commit: '5033f0a21463e83f82ee072429d48053d8d19060',
    tool: 'vitepress',
    // .vitepress/config.ts reads ../../package.json; its sidebar is computed by the workspace's own
    // @nolebase/vitepress-plugin-sidebar (packages/).
    paths: ['docs', 'packages', 'package.json', 'LICENSE'],
    site: 'docs',
    lang: 'en + zh-CN',
    // VitePress 2.0 alpha: pages under pages/<locale>/ moved by rewrites, the nolebase plugins (bi-directional
    // links, inline link previews, git changelog), markdown-it-footnote, twoslash, custom components, UnoCSS.
  },
  jest: {
    repo: 'jestjs/jest',
    commit: '52db46e50404c993d3f10dd1481e861cc04ae22e',
    tool: 'docusaurus',
    // The docs plugin reads `path: '../docs'`, outside the site folder.
    paths: ['website', 'docs', 'crowdin.yaml'],
    site: 'website',
    lang: 'en, 3 versions, blog (translations on Crowdin, not in the repository)',
  },
  hertzbeat: {
    repo: 'apache/hertzbeat',
    commit: 'f64da5fcf70c969a333268f0273964cb06bb49d0',
    tool: 'docusaurus',
    paths: ['home'],
    site: 'home',
    lang: 'en + zh-cn + ko, 3 versions, blog',
  },
  karmada: {
    repo: 'karmada-io/website',
    commit: '747f80c48c9a8784ec679cf88ae15b935c7824a9',
    tool: 'docusaurus',
    site: '.',
    lang: 'en + zh, 8 versions, blog',
    // The config's first `routeBasePath` is the pages plugin's ('/'); the docs keep the default.
    original: { docs: [{ path: 'docs', routeBasePath: 'docs', includeCurrentVersion: true }] },
  },
  'vue-test-utils': {
    repo: 'vuejs/test-utils',
    commit: '5038cee3e66b62f515e70914090db24cb765f94f',
    tool: 'vitepress',
    paths: ['docs', 'LICENSE'],
    site: 'docs',
    lang: 'en + fr + zh',
    // VitePress 1.6: config split in .vitepress/config/ (index.mts spreads shared, en, fr, zh), locales root + fr +
    // zh, a Layout wrapping the default one with a slot component (translation status), a custom slugify.
  },
  feathers: {
    repo: 'feathersjs/feathers',
    commit: '09519fb1c454ea718747a09797bc6dfd3b6a79a3',
    tool: 'vitepress',
    paths: ['docs', 'LICENSE'],
    site: 'docs',
    lang: 'en',
    // VitePress 1.0 rc: components registered in enhanceApp (Tabs/Tab, BlockQuote, LanguageBlock, DatabaseBlock,
    // Badges) and used in pages, a custom Layout and home built of .vue components, UnoCSS, element-plus.
  },
  'floorp-docs': {
    repo: 'Floorp-Projects/floorp-docs-neo',
    commit: 'ad0803ff690b2b8e20fb3e13ca365125d7db9d6e',
    tool: 'docusaurus',
    site: '.',
    lang: 'en + ja + ru',
    // Docusaurus 3: components imported through docusaurus-plugin-module-alias' '@Components' alias, three locales,
    // react-player embeds.
  },
};

/** Markdown syntax that must never reach a page's text (a sign that docgen did not read a construct). */
const PRINTED_SYNTAX = [
  [/^:::+ ?\w/m, 'container fence'],
  [/<!--\s*@include/, 'VitePress include'],
  [/\{\{[^}]*\}\}/, 'Vue interpolation'],
  [/\[\[toc\]\]/i, '[[toc]]'],
  [/^\s*```/m, 'code fence'],
  [/^#{1,6} \S/m, 'heading'],
  [/^\s*import\s.+\sfrom\s+['"]/m, 'import line'],
];

/** Runs a command, measured by /usr/bin/time -v: CPU seconds (user + sys) and peak RSS in MiB. */
function timed(argv, cwd, env = {}) {
  const result = spawnSync('/usr/bin/time', ['-v', ...argv], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    maxBuffer: 1 << 28,
  });
  const field = (name) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(result.stderr)?.[1] ?? Number.NaN);
  return {
    status: result.status,
    output: `${result.stdout}\n${result.stderr}`,
    cpu: field('User time \\(seconds\\)') + field('System time \\(seconds\\)'),
    rssMiB: field('Maximum resident set size \\(kbytes\\)') / 1024,
  };
}

/** Extracts the site's pinned tree from its mirror into `into`; false when the mirror or commit is absent. */
export function extractSite(spec, into) {
  const gitDir = path.join(MIRRORS, spec.repo.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) return false;
  mkdirSync(into, { recursive: true });
  const listing = spawnSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', spec.commit, '--', ...(spec.paths ?? [])], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (listing.status !== 0) return false;
  const blobs = listing.stdout
    .split('\n')
    .filter((line) => / blob /.test(line))
    .map((line) => {
      const [mode, , id] = line.slice(0, line.indexOf('\t')).split(' ');
      return { mode, id, file: line.slice(line.indexOf('\t') + 1) };
    });
  // Blobs read with `git cat-file --batch` rather than `git archive`: a mirror may lack its largest blobs (listed,
  // not stored), which archive refuses; those files are left out.
  const batch = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: blobs.map((blob) => blob.id).join('\n'),
    maxBuffer: 2 ** 31 - 1,
  });
  if (batch.status !== 0) return false;
  const out = batch.stdout;
  let offset = 0;
  let missing = 0;
  for (const blob of blobs) {
    const end = out.indexOf(10, offset);
    const header = out.subarray(offset, end).toString();
    offset = end + 1;
    if (header.endsWith(' missing')) {
      // The repository holds the file; only the mirror lacks its blob: an empty file stands in for it, so the
      // site's own references to it still resolve.
      missing += 1;
      const target = path.join(into, blob.file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, '');
      continue;
    }
    const size = Number(header.split(' ')[2]);
    const body = out.subarray(offset, offset + size);
    offset += size + 1;
    const target = path.join(into, blob.file);
    mkdirSync(path.dirname(target), { recursive: true });
    if (blob.mode === '120000') symlinkSync(body.toString(), target);
    else writeFileSync(target, body);
  }
  if (missing > 0) console.error(`${spec.repo}: ${missing} files absent from the mirror written empty`);
  return true;
}

/** Every file under `dir` whose name passes `keep`, as absolute paths. */
function walk(dir, keep, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

/**
 * The visible text of a built page: its <main> (or body) without scripts, styles, code and tags. The text of a
 * `<pre>` that holds no `<code>` (an author's raw `<pre>`, as in hkawa90/Dotsubo's QEMU post) is prose shown.
 */
function pageText(html) {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  return main
    .replace(/<(script|style|code)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** Counts built pages whose text shows each kind of printed syntax: { kind: [first few routes] }. */
function printedSyntax(dist) {
  const found = {};
  for (const file of walk(dist, (name) => name.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8');
    if (!html.includes('<main')) continue; // a static .html file the site publishes as it is, not a page
    const text = pageText(html);
    for (const [pattern, kind] of PRINTED_SYNTAX) {
      if (!pattern.test(text)) continue;
      found[kind] ??= [];
      found[kind].push(path.relative(dist, file));
    }
  }
  return found;
}

/**
 * Images of the built pages that are missing: every `<img src>` of a page's <main> on the site itself (not data:,
 * not another origin) must be a file in dist/, once the base URL is taken off.
 * @returns { images, missing: ['page: src'] }
 */
export function missingImages(dist, baseUrl = '/') {
  let images = 0;
  const missing = [];
  for (const file of walk(dist, (name) => name.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8');
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0];
    if (!main) continue;
    for (const [, src] of main.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)) {
      if (/^(data:|[a-z]+:|\/\/)/i.test(src)) continue;
      images += 1;
      const target = src.startsWith('/')
        ? path.join(dist, decodeURI(src.split(/[?#]/)[0]).replace(baseUrl, '/'))
        : path.join(path.dirname(file), decodeURI(src.split(/[?#]/)[0]));
      if (!existsSync(target)) missing.push(`${path.relative(dist, file)}: ${src}`);
    }
  }
  return { images, missing };
}

/**
 * The words of a text for the prose measure: CJK characters one by one, other words lowercased.
 * @returns a count per word
 */
function words(text) {
  const counts = new Map();
  for (const [word] of text.matchAll(
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]{2,}/gu,
  )) {
    const key = word.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * The prose of a Markdown page without its syntax: front matter (its closing `---` may end the file), code, imports,
 * `<script>`/`<style>` blocks (a VitePress page's Vue script), tags, link targets, link reference definitions (no tool
 * shows them, CommonMark §4.7), markers.
 */
function proseOf(markdown) {
  return markdown
    .replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '')
    .replace(/^(```|~~~)[\s\S]*?^\1.*$/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/^\s*(import|export)\s.*$/gm, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S+.*$/gm, ' ')
    .replace(/^\s*:::.*$/gm, ' ')
    .replace(/\{\{[^}]*\}\}|\{#[^}]*\}|\[\[toc\]\]/gi, ' ');
}

/**
 * Share of the ORIGINAL pages' prose that the built pages show: the words of every Markdown file the original tool
 * publishes (original-routes.mjs, read before `docgen migrate`, so what migrate loses counts), without syntax, found
 * in the text of the built pages' <main>, counted with repetition.
 * @param sources absolute paths of the original Markdown pages
 * @returns a percentage
 */
export function proseKept(sources, dist) {
  const source = new Map();
  for (const file of sources)
    for (const [word, n] of words(proseOf(readFileSync(file, 'utf8')))) source.set(word, (source.get(word) ?? 0) + n);
  const built = new Map();
  for (const file of walk(dist, (name) => name.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8');
    if (!html.includes('<main')) continue;
    const text = pageText(html);
    for (const [word, n] of words(text + ' ' + codeText(html))) built.set(word, (built.get(word) ?? 0) + n);
  }
  let total = 0;
  let kept = 0;
  for (const [word, n] of source) {
    total += n;
    kept += Math.min(n, built.get(word) ?? 0);
  }
  return total === 0 ? 100 : (100 * kept) / total;
}

/** The inline code of a page's <main> (its prose includes what `code` spans say). */
function codeText(html) {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return [...main.matchAll(/<code\b[^>]*>([\s\S]*?)<\/code>/g)].map((m) => m[1].replace(/<[^>]+>/g, '')).join(' ');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(
      `Usage: node bench/real-sites.mjs [--keep] [--verbose] [site...]\nSites: ${Object.keys(SITES).join(', ')}\n` +
        'Migrates and cold-builds each site from its mirror; prints routes, errors, printed syntax, prose kept\n' +
        '(against the original Markdown), images missing and the URLs the original tool publishes kept in dist/.',
    );
    process.exit(0);
  }
  const keep = args.includes('--keep');
  const verbose = args.includes('--verbose');
  const names = args.filter((arg) => !arg.startsWith('--'));
  for (const name of names)
    if (!(name in SITES)) throw new Error(`unknown site ${name}; one of ${Object.keys(SITES).join(', ')}`);

  const temp = mkdtempSync(path.join(os.tmpdir(), 'docgen-real-sites-'));
  const rows = [];
  for (const name of names.length > 0 ? names : Object.keys(SITES)) {
    const spec = SITES[name];
    const source = path.join(temp, name, 'source');
    const out = path.join(temp, name, 'site');
    const row = { name, spec, pages: '-', routes: '-', status: '-', errors: '-', warnings: '-', cpu: 0, rss: 0 };
    rows.push(row);
    if (!extractSite(spec, source)) {
      row.status = 'no mirror';
      continue;
    }
    const siteDir = path.join(source, spec.site);
    const migrate = timed([process.execPath, BIN, 'migrate', spec.tool, siteDir, '--out', out], temp);
    if (migrate.status !== 0) {
      row.status = `migrate ${migrate.status}`;
      if (verbose) console.error(`--- ${name} migrate\n${migrate.output}`);
      continue;
    }
    row.pages = Number(/(\d+) pages/.exec(migrate.output)?.[1] ?? 0);
    // Packages migrate added to the site's package.json (math's plugins): docgen's own copies, as `npm install`
    // would provide them.
    const wanted = Object.keys(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')).dependencies ?? {});
    if (wanted.some((dependency) => dependency !== 'docgen-cli'))
      symlinkSync(path.join(REPO, 'node_modules'), path.join(out, 'node_modules'), 'dir');
    const build = timed([process.execPath, BIN, 'build'], out, { DOCGEN_CACHE_DIR: path.join(out, '.docgen-cache') });
    const counts = /failed with (\d+) errors?(?: and (\d+) warnings?)?/.exec(build.output);
    Object.assign(row, {
      status: build.status,
      // One locale: `built N routes + 404.html`; an i18n build: `built K locale(s) (en, ja), N routes, into …`.
      routes: Number(/built (?:\d+ locale\(s\) \([^)]*\), )?(\d+) routes/.exec(build.output)?.[1] ?? 0),
      errors: counts ? Number(counts[1]) : (build.output.match(/^\[\w+\] (?!warning:)/gm) ?? []).length,
      warnings: counts ? Number(counts[2] ?? 0) : (build.output.match(/^\[\w+\] warning:/gm) ?? []).length,
      cpu: build.cpu,
      rss: build.rssMiB,
    });
    const dist = path.join(out, 'dist');
    row.printed = existsSync(dist) ? printedSyntax(dist) : {};
    if (existsSync(dist)) {
      const baseUrl = /"baseUrl": "([^"]+)"/.exec(readFileSync(path.join(out, 'site.config.ts'), 'utf8'))?.[1];
      row.imageCheck = missingImages(dist, baseUrl);
      row.prose = proseKept(originalSite(spec.tool, siteDir, spec.original).sources, dist);
      row.urls = urlsKept(spec.tool, siteDir, dist, spec.original);
    }
    if (verbose) {
      console.error(`--- ${name} build\n${build.output.slice(-6000)}`);
      for (const [kind, files] of Object.entries(row.printed))
        console.error(`  printed ${kind}: ${files.length} pages, e.g. ${files.slice(0, 5).join(' ')}`);
      if (row.urls?.missing.length) console.error(`  URLs missing: ${row.urls.missing.slice(0, 10).join(' ')}`);
      if (row.imageCheck?.missing.length)
        console.error(`  missing images: ${row.imageCheck.missing.slice(0, 5).join(', ')}`);
    }
  }
  if (!keep) rmSync(temp, { recursive: true, force: true });
  else console.error(`sites kept in ${temp}`);

  console.log(
    '| site | commit | tool | lang | pages | routes | build exit | errors | warnings | CPU | peak RSS | printed syntax | prose | images missing | URLs kept | first URL missing |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const printed = Object.entries(row.printed ?? {})
      .map(([kind, files]) => `${kind} ×${files.length}`)
      .join(', ');
    console.log(
      `| ${row.name} | ${row.spec.repo}@${row.spec.commit.slice(0, 7)} | ${row.spec.tool} | ${row.spec.lang} | ${row.pages} | ${row.routes} | ${row.status} | ${row.errors} | ${row.warnings} | ${row.cpu.toFixed(1)} s | ${row.rss.toFixed(0)} MiB | ${printed || 'none'} | ${row.prose === undefined ? '-' : `${row.prose.toFixed(1)} %`} | ${row.imageCheck ? `${row.imageCheck.missing.length} of ${row.imageCheck.images}` : '-'} | ${row.urls ? `${row.urls.kept} of ${row.urls.total}` : '-'} | ${row.urls?.missing[0] ?? '-'} |`,
    );
  }
}
