/**
 * A large page is parsed in pieces and compiles exactly as it would whole. Every page of this
 * site is compiled both ways, in pieces of 2 KB (so each page is cut in many places), and must give the same hast,
 * table of contents, ids, links and diagnostics.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import type { Root } from 'mdast';
import { parseFrontMatter } from '../../../../src/node/content/front-matter.js';
import { CHUNK_BYTES, parseChunked } from '../../../../src/node/markdown/chunked-parse.js';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';
import { repoRoot } from '../../../helpers/site.js';

const processor = createMarkdownProcessor();
const content = path.join(repoRoot, 'content');
const files = fg.sync('**/*.md', { cwd: content }).sort();
const routeByRelPath = new Map(files.map((f) => [f, '/' + f.replace(/\.md$/, '')]));

function compile(rel: string, chunkBytes?: number) {
  const file = path.join(content, rel);
  const source = readFileSync(file, 'utf8');
  const ctx = {
    file,
    relPath: rel,
    route: routeByRelPath.get(rel)!,
    routeByRelPath,
    staticFiles: new Set(['favicon.svg']),
    href: (p: string) => p,
  };
  return compileMarkdown({ processor, source, frontMatter: parseFrontMatter(source, file).data, ctx, chunkBytes });
}

describe('parseChunked', () => {
  it('cuts at headings outside code, resolves references across pieces, keeps positions in the file', () => {
    const sections = Array.from(
      { length: 40 },
      (_, i) => `## H${i}\n\nText [ref] and [^n] ${i}.\n\n\`\`\`md\n# not a cut\n\`\`\`\n`,
    );
    const source = `---\ntitle: T\n---\n\n${sections.join('\n')}\n[ref]: https://example.com\n\n[^n]: A note.\n`;
    const pieces = parseChunked(processor, new VFile({ value: source }), 200);
    const whole = processor.parse(new VFile({ value: source })) as Root;
    expect(pieces.children).toEqual(whole.children);
    expect(pieces.children.filter((node) => node.type === 'heading')).toHaveLength(40);
  });

  it('cuts a large top-level table between rows, with positions, alignment and references as when whole', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `| ${i} | 行 ${i} の [説明][ref] | \`v${i}\` |`);
    const table = ['| ID | 説明 | 値 |', '| ---: | :--- | :-: |', ...rows].join('\n');
    const source = `# 表\n\n${table}\n\n後の段落。\n\n${table}\n| 続き |\n\n[ref]: https://example.com\n`;
    const pieces = parseChunked(processor, new VFile({ value: source }), 500);
    const whole = processor.parse(new VFile({ value: source })) as Root;
    expect(pieces.children).toEqual(whole.children);
    expect(pieces.children.map((node) => node.type)).toEqual(['heading', 'table', 'paragraph', 'table', 'definition']);
  });

  it('does not cut a table that raw HTML or JSX at column 0 may wrap', () => {
    const rows = Array.from({ length: 100 }, (_, i) => `| ${i} | 行 ${i} |`);
    const source = `<!--\n\n| a | b |\n| --- | --- |\n${rows.join('\n')}\n\n-->\n\n後の段落。\n`;
    const pieces = parseChunked(processor, new VFile({ value: source }), 200);
    expect(pieces.children).toEqual((processor.parse(new VFile({ value: source })) as Root).children);
  });

  it.each(files)('compiles %s in pieces exactly as whole', async (rel) => {
    expect(CHUNK_BYTES).toBeGreaterThan(2048);
    const [whole, pieces] = await Promise.all([compile(rel), compile(rel, 2048)]);
    expect(pieces.hast).toEqual(whole.hast);
    expect(pieces.toc).toEqual(whole.toc);
    expect(pieces.ids).toEqual(whole.ids);
    expect(pieces.links).toEqual(whole.links);
    expect(pieces.errors.map((e) => `${e.line}:${e.message}`)).toEqual(
      whole.errors.map((e) => `${e.line}:${e.message}`),
    );
  });
});
