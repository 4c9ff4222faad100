/**
 * DocgenErrors cross worker thread boundaries as plain data: structured clone alone would keep only
 * message and stack, so workers send toJSON() and the main thread revives the error with fromJSON().
 */
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { formatError } from '../../../../src/node/diagnostics/format.js';

describe('DocgenError across threads', () => {
  const error = new DocgenError({
    code: 'MarkdownSyntax',
    message: 'Unknown directive.',
    hint: 'Did you mean :::warning?',
    file: '/site/content/docs/a.md',
    line: 6,
    column: 1,
    frame: '> 6 | :::warnign\n    | ^',
    cause: new Error('inner'),
  });

  it('loses its fields in a plain structured clone', () => {
    const cloned = structuredClone(error) as unknown as Record<string, unknown>;
    expect(cloned.code).toBeUndefined();
  });

  it('comes back whole from toJSON() through structured clone, and prints the same', () => {
    const revived = DocgenError.fromJSON(structuredClone(error.toJSON()));
    expect(revived).toBeInstanceOf(DocgenError);
    expect(revived.toJSON()).toEqual(error.toJSON());
    expect(formatError(revived, '/site')).toBe(formatError(error, '/site'));
  });
});
