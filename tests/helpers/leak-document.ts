/**
 * The OpenAPI document of the read-policy tests (tests/build/read-policy.test.ts, remote-refs.test.ts): one
 * operation whose response is the named schema `Leak`, itself `$ref: <ref>` at line 19, column 7.
 */

/** The document's text, with `ref` as the `$ref` of `#/components/schemas/Leak`. */
export function leakDocument(ref: string): string {
  return [
    'openapi: 3.0.3',
    'info:',
    '  title: Leak',
    '  version: 1.0.0',
    'paths:',
    '  /leak:',
    '    get:',
    '      operationId: leak',
    '      responses:',
    "        '200':",
    '          description: OK',
    '          content:',
    '            application/json:',
    '              schema:',
    "                $ref: '#/components/schemas/Leak'",
    'components:',
    '  schemas:',
    '    Leak:',
    `      $ref: '${ref}'`,
    '',
  ].join('\n');
}
