/**
 * An imported Markdown partial reads the props its use gives it (`<Settings affected="Position" />`, and
 * `{props.affected}` in the partial), as Docusaurus passes them ("Importing Markdown" in its
 * markdown-features-react.mdx); the constraint pages of vrchat-community/creator-docs share one partial this way,
 * also lower-casing the prop (`{props.affected.toLowerCase()}`). Without running the author's code: literal props,
 * member reads and the argument-free string methods only; anything else is still reported.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toHtml } from 'hast-util-to-html';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES } from '../../../../src/node/markdown/context.js';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';
import { removeDir } from '../../../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-partial-props-'));
afterAll(() => removeDir(temp));
const processor = createMarkdownProcessor();

async function compilePage(source: string) {
  const page = await compileMarkdown({
    processor,
    source,
    frontMatter: {},
    ctx: {
      file: path.join(temp, 'page.mdx'),
      relPath: 'page.mdx',
      route: '/page',
      routeByRelPath: new Map([['page.mdx', '/page']]),
      staticFiles: new Set(),
      href: (p) => p,
      mdx: true,
      policies: DEFAULT_POLICIES,
    },
  });
  return { errors: page.errors, html: toHtml(page.hast) };
}

describe('partials: props of their use', () => {
  it('show the literal props the partial reads, plain or through a string method', async () => {
    writeFileSync(
      path.join(temp, '_settings.mdx'),
      [
        '- **{props.affected} At Rest**: the {props.affected.toLowerCase()} at weight 0.',
        "- **Freeze {props['affected']} Axes** ({props.options.count} axes{props.missing}).",
        '',
      ].join('\n'),
    );
    const { errors, html } = await compilePage(
      'import Settings from \'./_settings.mdx\';\n\n# Position\n\n<Settings affected="Position" options={{ count: 3 }} />\n\n# Rotation\n\n<Settings affected="Rotation" options={{ count: 2 }} />\n',
    );
    expect(errors).toEqual([]);
    expect(html).toContain('<strong>Position At Rest</strong>: the position at weight 0.');
    expect(html).toContain('<strong>Freeze Position Axes</strong> (3 axes).');
    expect(html).toContain('<strong>Rotation At Rest</strong>: the rotation at weight 0.');
    expect(html).toContain('(2 axes)');
  });
  it('still report an expression that would run code', async () => {
    writeFileSync(path.join(temp, '_code.mdx'), 'Size: {props.size.repeat(3)} and {window.name}.\n');
    const { errors, html } = await compilePage('import Code from \'./_code.mdx\';\n\n<Code size="L" />\n');
    expect(errors.map((error) => error.code)).toEqual(['MarkdownSyntax', 'MarkdownSyntax']);
    expect(html).toContain('Size:  and .');
  });
});
