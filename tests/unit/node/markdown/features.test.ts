import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { type ContentPolicies, DEFAULT_POLICIES } from '../../../../src/node/markdown/context.js';
import { compile } from '../../../helpers/markdown.js';

describe('Markdown features authors expect', () => {
  it("renders Docusaurus 2's :::success and :::secondary as Docusaurus 3 does: tip and note titled with their name", async () => {
    // ohlaser/support_docs@b002b1f (Docusaurus 2.3) writes :::success; each was an 'Unknown block' error.
    const { html, errors } = await compile(':::success\n完了です。\n:::\n\n:::secondary[補足]\n本文。\n:::\n');
    expect(errors).toEqual([]);
    expect(html).toContain(
      '<div class="dg-admonition dg-admonition--tip" role="note"><p class="dg-admonition__title">success</p>',
    );
    expect(html).toContain(
      '<div class="dg-admonition dg-admonition--note" role="note"><p class="dg-admonition__title">補足</p>',
    );
  });

  it('shows a container it does not know as a note titled with its name, with a warning under onUnknownComponent warn, as Docusaurus builds it', async () => {
    // tiann/KernelSU's translations name containers in their language: `:::警告`, `:::ヒント`, `:::peringatan`.
    const { html, errors } = await compile('前文。\n\n:::警告\nモジュールは root で動きます。\n:::\n', undefined, {
      policies: { onUnknownComponent: 'warn' },
    });
    expect(errors.map((e) => [e.code, e.severity, e.line])).toEqual([['MarkdownSyntax', 'warning', 3]]);
    expect(errors[0]!.message).toContain("It is shown as a note titled '警告'.");
    expect(html).toContain(
      '<div class="dg-admonition dg-admonition--note" role="note"><p class="dg-admonition__title">警告</p><p>モジュールは root で動きます。</p></div>',
    );
  });

  it('renders admonitions with default and custom titles', async () => {
    const { html, errors } = await compile(
      ':::note\n本文です。\n:::\n\n:::warning[気をつけて]\n危険な操作です。\n:::\n',
    );
    expect(errors).toEqual([]);
    expect(html).toContain(
      '<div class="dg-admonition dg-admonition--note" role="note"><p class="dg-admonition__title" data-message="admonition.note"></p>',
    );
    expect(html).toContain(
      '<div class="dg-admonition dg-admonition--warning" role="note"><p class="dg-admonition__title">気をつけて</p>',
    );
    for (const type of ['tip', 'info', 'danger']) {
      expect((await compile(`:::${type}\nx\n:::\n`)).html).toContain(`dg-admonition--${type}`);
    }
  });

  it('keeps colons in text as written (URNs, times)', async () => {
    const { html, errors } = await compile('URN は urn:tsunagi:realm:example です。10:30 に開始。\n\n::leaf\n');
    expect(errors).toEqual([]);
    expect(html).toContain('urn:tsunagi:realm:example');
    expect(html).toContain('10:30');
    expect(html).toContain('::leaf');
  });

  it('reports an unknown block with a suggestion', async () => {
    const { errors } = await compile('text\n\n:::warnign\nx\n:::\n');
    expect(errors[0]!.code).toBe('MarkdownSyntax');
    expect(errors[0]!.severity).toBe('error'); // onUnknownComponent: 'throw', the default
    expect(errors[0]!.message).toContain("Did you mean ':::warning'?");
    expect(errors[0]!.line).toBe(3);
  });

  it('renders tabs as radio inputs that work without JavaScript', async () => {
    const { html, errors } = await compile(
      '::::tabs\n:::tab[curl]\n```bash\ncurl x\n```\n:::\n:::tab[JSON]\n```json\n{}\n```\n:::\n::::\n',
    );
    expect(errors).toEqual([]);
    expect(html).toMatch(
      /<div class="dg-tabs"><input type="radio" class="dg-tabs__input" name="dg-tabs-1" id="dg-tabs-1-1" defaultChecked><label class="dg-tabs__label" for="dg-tabs-1-1">curl<\/label><input[^>]+id="dg-tabs-1-2"[^>]*><label[^>]*>JSON<\/label><div class="dg-tabs__panel">/,
    );
  });

  it('supports code titles, line highlights and line numbers', async () => {
    const { html } = await compile(
      '```ts title="example.ts" {2} showLineNumbers\nconst a = 1;\nconst b = "x\ny";\n```\n',
    );
    expect(html).toContain(
      '<div class="dg-code" data-language="ts"><div class="dg-code__title">example.ts</div><pre class="dg-code--numbered">',
    );
    const lines = html.match(/<span class="dg-line[^"]*">/g)!;
    expect(lines).toEqual([
      '<span class="dg-line">',
      '<span class="dg-line dg-line--highlighted">',
      '<span class="dg-line">',
    ]);
    // a string spanning lines is re-opened on the next line
    expect(html).toContain('<span class="dg-line"><span class="hljs-string">y"</span>');
  });

  it('turns mermaid fences the build cannot draw into diagram-service images with the source kept', async () => {
    const source = 'pie\n  "こんにちは": 1';
    const { html } = await compile('```mermaid\n' + source + '\n```\n', 'https://diagrams.example');
    const src = /<img src="https:\/\/diagrams\.example\/mermaid\/svg\/([^"]+)"/.exec(html)![1]!;
    expect(inflateSync(Buffer.from(src, 'base64url')).toString('utf8')).toBe(source);
    expect(html).toContain('alt="pie\n  &#x22;こんにちは&#x22;: 1"');
    expect(html).toContain(
      '<details class="dg-diagram__source"><summary data-message="diagram.source" data-message-params="{&#x22;language&#x22;:&#x22;Mermaid&#x22;}"></summary>',
    );
    expect((await compile('```mermaid\nx\n```\n')).html).toContain('<pre><code class="language-mermaid">');
  });

  it('renders emphasis next to Japanese punctuation', async () => {
    const { html } = await compile('**強調。**次の文\n');
    expect(html).toContain('<strong>強調。</strong>次の文');
  });

  it('does not turn a soft break between Japanese characters into a space', async () => {
    const { html } = await compile('日本語の文が\n続きます。English\nwords stay apart.\n');
    expect(html).toContain('日本語の文が続きます。English\nwords');
  });

  it('gives table cells break points inside identifiers and marks token and prose cells', async () => {
    const { html } = await compile(
      '| ID | 値 | 説明 | 必須 |\n| --- | --- | --- | --- |\n| AG-20 | `TSUNAGI_DEVICE_CONTEXT` | エージェントの識別子です。クライアント証明書の CN と同じでなければなりません。`urn:tsunagi:network:{realm}:{name}` | いいえ |\n| 読み取り専用 | はい、既定 | x | 任意 |\n',
    );
    expect(html).toContain('<td class="dg-cell--token">AG-20</td>');
    expect(html).toContain('<td class="dg-cell--token">いいえ</td>');
    expect(html).toContain('<td class="dg-cell--token">任意</td>');
    expect(html).toContain('<td>読み取り専用</td>');
    expect(html).toContain('<td>はい、既定</td>');
    expect(html).toMatch(/<th>必須<\/th>/);
    expect(html).toContain('<code>TSUNAGI_<wbr>DEVICE_<wbr>CONTEXT</code>');
    expect(html).toContain('<td class="dg-cell--prose">');
    expect(html).toContain('<code class="dg-code--long">urn:<wbr>tsunagi:<wbr>network:<wbr>{realm}:<wbr>{name}</code>');
    expect(html).toContain('<th class="dg-cell--token">ID</th>');
    expect(html).toMatch(/<th>値<\/th>/);
  });

  it('removes a soft break next to Japanese text or punctuation, also across inline nodes', async () => {
    const { html } = await compile(
      '中継します。\nSPN 全体を\n**SPN** へ。\n`hub`\nです。\n[リンク](/docs/page)\nEnglish と\n日本語、`a`\n`b`\nword\nword\n',
    );
    expect(html).toContain(
      '中継します。SPN 全体を<strong>SPN</strong> へ。<code>hub</code>です。<a href="/docs/page">リンク</a>English と日本語、<code>a</code>\n<code>b</code>\nword\nword',
    );
  });
});

describe('VitePress page syntax', () => {
  const compileVp = async (source: string, policies: Partial<ContentPolicies> = {}) => {
    const { compileMarkdown, createMarkdownProcessor } = await import('../../../../src/node/markdown/processor.js');
    return compileMarkdown({
      processor: createMarkdownProcessor(),
      source,
      frontMatter: {},
      ctx: {
        file: '/site/content/guide/a.md',
        relPath: 'guide/a.md',
        route: '/guide/a',
        routeByRelPath: new Map([
          ['guide/index.md', '/guide/'],
          ['guide/a.md', '/guide/a'],
        ]),
        staticFiles: new Set(),
        href: (p) => p,
        headingIds: 'vitepress',
        policies: { ...DEFAULT_POLICIES, ...policies },
      },
    });
  };
  it('shows the TOC in place of [[toc]] and [[TOC]]', async () => {
    const { toHtml } = await import('hast-util-to-html');
    for (const marker of ['[[toc]]', '[[TOC]]']) {
      const html = toHtml((await compileVp(`${marker}\n\n## One\n\n## Two\n`)).hast);
      expect(html).not.toContain(marker);
      expect(html).toMatch(/<nav class="dg-toc-inline"[^>]*>.*href="#one".*href="#two"/s);
    }
  });
  it('keeps the prose of a code group, after its tabs, with a warning', async () => {
    const { toHtml } = await import('hast-util-to-html');
    const page = await compileVp(
      '::: code-group\n\nRun one of these:\n\n```sh [npm]\nnpm i\n```\n\n```sh [pnpm]\npnpm i\n```\n\n:::\n',
    );
    expect(page.errors.map((e) => [e.code, e.severity, e.line])).toEqual([['MarkdownSyntax', 'warning', 3]]);
    const html = toHtml(page.hast);
    expect(html).toContain('Run one of these:');
    expect(html).toContain('pnpm i');
  });
  it('takes an HTML comment between the fences of a code group for nothing, not prose (no warning)', async () => {
    const { toHtml } = await import('hast-util-to-html');
    const page = await compileVp(
      '::: code-group\n\n```ts [v1]\nconst a = 1\n```\n\n<!-- prettier-ignore -->\n```ts [v2]\nconst  b = 2\n```\n\n:::\n',
    );
    expect(page.errors).toEqual([]);
    const html = toHtml(page.hast);
    expect(html.replace(/<[^>]+>/g, '')).toContain('const  b = 2');
    expect(html).not.toContain('prettier-ignore');
  });
  it('shows a code group without code as its content, with a warning (a broken translation of tiann/KernelSU)', async () => {
    const { toHtml } = await import('hast-util-to-html');
    // As in its ja_JP page: the group left open holds the heading, then the group that holds the code.
    const page = await compileVp(
      '::: code-group\n## カーネルソースを手動で変更する\n\nまず、手順です。\n\n::: code-group\n\n```sh\ncurl -LSs setup.sh | bash -\n```\n\n[main]\n```sh\ncurl -LSs setup.sh | bash -s main\n```\n:::\n',
      { onUnknownComponent: 'warn' },
    );
    expect(page.errors.map((e) => [e.code, e.severity, e.line])).toEqual([
      ['MarkdownSyntax', 'warning', 1],
      ['MarkdownSyntax', 'warning', 12],
    ]);
    const html = toHtml(page.hast);
    expect(html).toMatch(/<h2 id="[^"]+">カーネルソース/);
    expect(html).toContain('<p>まず、手順です。</p>');
    expect(html).toContain('bash -s main');
    expect(html).not.toContain(':::');
  });
  it('resolves ./index to the folder route', async () => {
    const page = await compileVp('[home](./index)\n');
    expect(page.links.map((l) => l.route)).toEqual(['/guide/']);
  });
});

describe('MDX read as CommonMark', () => {
  it('says where a tag left open at the end of the page opens (the parser gives it only in its message)', async () => {
    const page = await compile('# Title\n\ntext\n\n  <div>\n\nmore\n', undefined, { mdx: true });
    const warning = page.errors.find((e) => e.code === 'MarkdownSyntax');
    expect(warning?.message).toMatch(/not valid MDX \(Expected a closing tag for `<div>`/);
    expect([warning?.line, warning?.column]).toEqual([5, 3]);
    expect(warning?.frame).toContain('> 5 |   <div>');
  });
});

describe('a page nested too deep to compile', () => {
  it('is a MarkdownSyntax error at the line of the nested tags, not one without a place', async () => {
    const page = await compile(`# Title\n\ntext\n\n${'<div>'.repeat(6000)}\n\nmore\n`);
    const error = page.errors.find((e) => e.code === 'MarkdownSyntax');
    expect(error?.message).toMatch(/nests elements deeper than docgen can compile/);
    expect([error?.line, error?.column]).toEqual([5, 1]);
  });
});
