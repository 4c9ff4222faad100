/**
 * sources.ts bundling: every `$ref` of every file is found with its JSON pointer (RFC 6901 escapes of `~` and `/`
 * in keys such as path templates), rewritten into the bundle in the order first met, and a `$ref` that names an
 * unreadable file is reported at the line of that `$ref`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapePointer, joinPointer } from '../../../../src/node/openapi/resolve.js';
import { FILES_KEY, loadSources } from '../../../../src/node/openapi/sources.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('JSON pointers', () => {
  it('escapes ~ and / in a segment and keeps any other text as it is', () => {
    expect(escapePointer('/pets/{id}')).toBe('~1pets~1{id}');
    expect(escapePointer('a~b/c')).toBe('a~0b~1c');
    expect(escapePointer('Pet')).toBe('Pet');
    expect(escapePointer(3)).toBe('3');
    expect(joinPointer('/paths', '/pets/{id}', 'get', 0)).toBe('/paths/~1pets~1{id}/get/0');
    expect(joinPointer('/a')).toBe('/a');
  });
});

describe('loadSources', () => {
  it('rewrites every $ref of every file into the bundle, files numbered in the order first met (depth first, last key first)', async () => {
    write('pet.yaml', 'Pet:\n  type: object\n  properties:\n    tag:\n      $ref: "#/Tag"\nTag:\n  type: string\n');
    write(
      'error.json',
      JSON.stringify({ Error: { type: 'object', properties: { 'a~b/c': { $ref: 'pet.yaml#/Tag' } } } }),
    );
    const root = write(
      'root.yaml',
      [
        'openapi: 3.0.3',
        'info: { title: t, version: "1" }',
        'paths:',
        '  /pets/{id}:',
        '    get:',
        '      responses:',
        '        "200": { description: ok, content: { application/json: { schema: { $ref: "pet.yaml#/Pet" } } } }',
        '        default: { description: error, content: { application/json: { schema: { $ref: "error.json#/Error" } } } }',
        '  /local~x:',
        '    get: { responses: { "200": { $ref: "#/components/responses/Ok" } } }',
        'components: { responses: { Ok: { description: ok } } }',
        '',
      ].join('\n'),
    );
    const set = await loadSources(root);
    expect(set.files.map((f) => path.basename(f.file))).toEqual(['root.yaml', 'error.json', 'pet.yaml']);
    const bundled = set.bundled as Record<string, any>;
    const get = bundled.paths['/pets/{id}'].get;
    expect(get.responses['200'].content['application/json'].schema.$ref).toBe(`#/${FILES_KEY}/1/Pet`);
    expect(get.responses.default.content['application/json'].schema.$ref).toBe(`#/${FILES_KEY}/0/Error`);
    expect(bundled.paths['/local~x'].get.responses['200'].$ref).toBe('#/components/responses/Ok');
    expect(bundled[FILES_KEY][1].Pet.properties.tag.$ref).toBe(`#/${FILES_KEY}/1/Tag`);
    expect(bundled[FILES_KEY][0].Error.properties['a~b/c'].$ref).toBe(`#/${FILES_KEY}/1/Tag`);
  });

  it('reports a $ref to a missing file at its pointer and line', async () => {
    const root = write(
      'missing.yaml',
      [
        'openapi: 3.0.3',
        'info: { title: t, version: "1" }',
        'paths:',
        '  /a~b/{c}:',
        '    get:',
        '      responses:',
        '        "200":',
        '          $ref: "nowhere.yaml#/Ok"',
        '',
      ].join('\n'),
    );
    const error = await loadSources(root).then(
      () => null,
      (e: unknown) => e as { message: string; line?: number },
    );
    expect(error?.message).toContain('at /paths/~1a~0b~1{c}/get/responses/200/$ref names the file');
    expect(error?.line).toBe(8);
  });
});

describe('description images', () => {
  it('locates a missing relative image at the pointer and line of its description', async () => {
    const { collectDescriptionImages } = await import('../../../../src/node/openapi/description-images.js');
    const root = write(
      'images.yaml',
      [
        'openapi: 3.0.3',
        'info: { title: t, version: "1" }',
        'paths:',
        '  /a~b/{c}:',
        '    get:',
        '      description: "![diagram](missing.png)"',
        '      responses: { "200": { description: ok } }',
        '',
      ].join('\n'),
    );
    const { warnings } = collectDescriptionImages(await loadSources(root));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('in the description at /paths/~1a~0b~1{c}/get/description does not exist');
    expect(warnings[0]!.line).toBe(6);
  });
});
