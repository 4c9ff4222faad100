/**
 * Comments explain the code and cite sources (Docusaurus files, RFCs, the site spec), never tracker issue numbers:
 * the tracker is not part of the repository, and history belongs in commit messages. Checks the comments of every
 * TypeScript, JavaScript and CSS file of src/, templates/, tests/ (not the real-world data of tests/fixtures/, but
 * the fixture sites' configs and XSS vectors written here), scripts/, bench/ and this site's config.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/site.js';

const CITATION = /\bissues?\s+#?\d+/i;

/** The comments of a file as [offset, text] pairs: TypeScript's own comment ranges, or CSS block comments. */
function commentsOf(file: string, source: string): [number, string][] {
  if (file.endsWith('.css')) return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => [m.index, m[0]]);
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, source.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(source, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(source, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  collect(ts.getLeadingCommentRanges(source, sourceFile.endOfFileToken.getFullStart()));
  return [...seen.entries()];
}

/** `file:line: text` of every comment line that cites a tracker issue. */
function issueCitations(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [offset, text] of commentsOf(file, source)) {
    text.split('\n').forEach((line, i) => {
      if (!CITATION.test(line)) return;
      const lineNumber = source.slice(0, offset).split('\n').length + i;
      found.push(`${file}:${lineNumber}: ${line.trim()}`);
    });
  }
  return found;
}

describe('comments', () => {
  it('cite no tracker issue numbers', () => {
    const files = fg
      .sync(
        [
          '{src,templates,tests,scripts,bench}/**/*.{ts,tsx,js,mjs,cjs,css}',
          'site.config.ts',
          // The fixtures written here (not the real-world data beside them).
          'tests/fixtures/{sites,xss}/*/site.config.ts',
          'tests/fixtures/xss/*.ts',
        ],
        { cwd: repoRoot, ignore: ['tests/fixtures/**/node_modules/**', '**/node_modules/**'] },
      )
      .filter((file) => !file.startsWith('tests/fixtures/') || /^tests\/fixtures\/(sites|xss)\//.test(file));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => issueCitations(file, readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a citation in a comment, and only there (the check itself works)', () => {
    const source = [
      '/**',
      ' * Loads the site (issue 12).',
      ' */',
      "const label = 'see issue 4 in the tracker'; // since issue #9",
      '/* issues 3 and 4 */ export const x = 1;',
      'const y = `issue 7`;',
    ].join('\n');
    expect(issueCitations('a.ts', source)).toEqual([
      'a.ts:2: * Loads the site (issue 12).',
      'a.ts:4: // since issue #9',
      'a.ts:5: /* issues 3 and 4 */',
    ]);
    expect(issueCitations('a.css', '.a { color: red; } /* issue 5 */\n.b {}')).toEqual(['a.css:1: /* issue 5 */']);
  });
});
