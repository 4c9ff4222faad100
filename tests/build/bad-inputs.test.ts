/**
 * The bad-input corpus: every case in tests/fixtures/bad/ is the base site plus one defect. A bad case
 * must fail with its error code at its file:line (and column, where given), exit 1 and write nothing; a valid
 * case (an edge the build must take) must build.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docgenBin, leftoversIn, repoRoot } from '../helpers/site.js';

interface Case {
  description: string;
  code?: string;
  file?: string;
  line?: number;
  column?: number;
  message?: string;
  valid?: boolean;
  route?: string;
  generate?: 'big-markdown' | 'invalid-utf8' | 'symlink-loop' | 'deep-openapi' | 'deep-markdown';
  delete?: string[];
}

const corpus = path.join(repoRoot, 'tests/fixtures/bad');
const names = readdirSync(corpus)
  .filter((name) => !name.startsWith('_'))
  .sort();

function prepare(name: string, spec: Case): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docgen-bad-${name}-`));
  cpSync(path.join(corpus, '_base'), dir, { recursive: true });
  cpSync(path.join(corpus, name), dir, { recursive: true, filter: (src) => path.basename(src) !== 'case.json' });
  for (const file of spec.delete ?? []) rmSync(path.join(dir, file));
  if (spec.generate === 'big-markdown') {
    const section = (i: number) => `## 節 ${i}\n\n${'大きなページの本文です。'.repeat(200)}\n\n- 項目 \`code\` ${i}\n`;
    let text = '---\ntitle: 大きなページ\n---\n\n';
    for (let i = 0; text.length < (5 * 1024 * 1024) / 3; i++) text += section(i); // ~5 MB in UTF-8
    writeFileSync(path.join(dir, 'content/docs/big.md'), text);
  } else if (spec.generate === 'invalid-utf8') {
    writeFileSync(
      path.join(dir, 'content/docs/bad.md'),
      Buffer.concat([Buffer.from('---\ntitle: x\n---\n\n'), Buffer.from([0xff, 0xfe, 0xc3, 0x28])]),
    );
  } else if (spec.generate === 'deep-markdown') {
    const lists = Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- level ${i}\n`).join('');
    writeFileSync(path.join(dir, 'content/docs/deep.md'), `---\ntitle: Deep\n---\n\n${lists}`);
    writeFileSync(path.join(dir, 'content/docs/quotes.md'), `---\ntitle: Quotes\n---\n\n${'>'.repeat(5000)} quoted\n`);
  } else if (spec.generate === 'deep-openapi') {
    let schema = '{"type":"string"}';
    for (let i = 0; i < 5000; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
    const document = readFileSync(path.join(dir, 'openapi/pets.yaml'), 'utf8');
    writeFileSync(
      path.join(dir, 'openapi/pets.yaml'),
      document.replace('    Pet:\n', `    Deep: ${schema}\n    Pet:\n`),
    );
  } else if (spec.generate === 'symlink-loop') {
    mkdirSync(path.join(dir, 'content/docs/loop'));
    symlinkSync('..', path.join(dir, 'content/docs/loop/up'));
    symlinkSync('self', path.join(dir, 'content/docs/self'));
  }
  return dir;
}

function build(dir: string): Promise<{ status: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [docgenBin, 'build', '--json'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.once('exit', (code) => resolve({ status: code ?? -1, stdout }));
  });
}

describe('bad-input corpus', () => {
  it('has at least 40 cases', () => {
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  // Real `docgen build` processes, two at a time (vitest.config.ts maxConcurrency) on a 2-core machine.
  describe.concurrent.each(names)('%s', (name) => {
    const spec = JSON.parse(readFileSync(path.join(corpus, name, 'case.json'), 'utf8')) as Case;
    it(spec.description, async () => {
      const dir = prepare(name, spec);
      try {
        const { status, stdout } = await build(dir);
        if (spec.valid) {
          expect(status, stdout).toBe(0);
          if (spec.route) {
            const file = spec.route.endsWith('/') ? `${spec.route}index.html` : `${spec.route}.html`;
            expect(existsSync(path.join(dir, 'dist', file)), file).toBe(true);
          }
          return;
        }
        expect(status).toBe(1);
        const { errors } = JSON.parse(stdout) as { errors: Case[] };
        const match = errors.find((e) => e.code === spec.code && (spec.file === undefined || e.file === spec.file));
        expect(match, JSON.stringify(errors, null, 1)).toBeDefined();
        if (spec.line !== undefined) expect(match!.line, JSON.stringify(match)).toBe(spec.line);
        if (spec.column !== undefined) expect(match!.column).toBe(spec.column);
        if (spec.message !== undefined) expect(match!.message).toContain(spec.message);
        expect(existsSync(path.join(dir, 'dist')), 'nothing is written').toBe(false);
        expect(leftoversIn(dir)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
