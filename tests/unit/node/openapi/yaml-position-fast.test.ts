import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { joinPointer } from '../../../../src/node/openapi/resolve.js';
import { positionOfPointer, yamlLineLocator } from '../../../../src/node/openapi/yaml-position.js';

const FIXTURES = path.resolve(__dirname, '../../../fixtures');

/** Every pointer of a value (its keys and items), in document order. */
function pointersOf(value: unknown, at = '', out: string[] = ['']): string[] {
  if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      const pointer = joinPointer(at, key);
      out.push(pointer);
      pointersOf(child, pointer, out);
    }
  return out;
}

/**
 * Compares the line scanner with the AST on every pointer of a source (and on a missing child and a first item of
 * each, which end partway), both with and without preferKey.
 * @returns how many answers the scanner gave (all equal to the AST's) and how many it left to the AST
 */
function compare(source: string, pointers: string[]) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const differences: unknown[] = [];
  let answered = 0;
  let declined = 0;
  const locate = yamlLineLocator(source)!;
  for (const base of pointers)
    for (const pointer of [base, `${base}/missing`, `${base}/0`])
      for (const preferKey of [false, true]) {
        const fast = locate(pointer, preferKey);
        if (!fast) {
          declined++;
          continue;
        }
        answered++;
        const slow = positionOfPointer({ doc, lineCounter, pointer, preferKey });
        if (JSON.stringify(slow) !== JSON.stringify(fast))
          differences.push({ pointer, preferKey, ast: slow, scanner: fast });
      }
  return { answered, declined, differences: differences.slice(0, 10) };
}

describe('yamlLineLocator', () => {
  it("gives the AST's position for every pointer of DataDog's v1 description, and answers nearly all itself", () => {
    const source = readFileSync(path.join(FIXTURES, 'openapi/datadog-v1/openapi.yaml'), 'utf8');
    const all = pointersOf(load(source, { schema: CORE_SCHEMA }));
    const pointers = all.filter((_, i) => i % Math.ceil(all.length / 500) === 0);
    const result = compare(source, pointers);
    expect(result.differences).toEqual([]);
    expect(result.answered).toBeGreaterThan(0.95 * (result.answered + result.declined));
  });

  it('gives the AST position for block YAML of every shape it reads, and declines what it does not', () => {
    const source = [
      '# a comment first',
      'openapi: 3.0.0',
      'info:',
      '  title: "T"',
      "  'x-quoted''s': 1",
      '  description: |',
      '    text: not a key',
      '    - not an item',
      '',
      '  folded: >-',
      '    a',
      '  plain: multi',
      '    line',
      'tags:',
      '- name: a',
      '  description: b',
      '-   name: c',
      '    x: [1, 2]',
      '- plain item',
      '-',
      '  name: later',
      'paths:',
      '  /pets/{id}:',
      '    get:',
      '      responses:',
      "        '200':",
      "          $ref: '#/components/responses/ok'",
      '        404:',
      '          description: missing   # comment',
      '      parameters:',
      '        - $ref: "#/components/parameters/id"',
      'components:',
      '  responses:',
      '    ok:',
      '      description: fine',
      '      content: {}',
      '  parameters:',
      '    id: { name: id, in: path }',
      '  schemas:',
      '    Empty:',
      '    Alias: &a',
      '      type: string',
      '    Used: *a',
      '    Tagged: !!str yes',
      '    "esc\\"aped": 1',
      '    ? complex',
      '    : 1',
      '    0x1F: hex',
      '',
    ].join('\n');
    const result = compare(source, pointersOf(load(source, { schema: CORE_SCHEMA })));
    expect(result.differences).toEqual([]);
    expect(result.answered).toBeGreaterThan(100);
    expect(result.declined).toBeGreaterThan(0);
  });

  it('declines tabs, CRLF line ends and a byte order mark, where its columns would differ', () => {
    for (const source of ['a:\n\tb: 1\n', 'a:\r\n  b: 1\r\n', '\uFEFFa:\n  b: 1\n'])
      expect(yamlLineLocator(source)).toBeUndefined();
  });
});
