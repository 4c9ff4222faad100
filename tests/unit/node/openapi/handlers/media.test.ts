/**
 * Generated samples are memoised per schema (handlers/media.ts generatedSample): the memo must keep apart what
 * changes a sample, i.e. the direction (readOnly left out of requests, writeOnly out of responses) and the media
 * type (JSON text or plain text), and give every operation that refers to one schema the same text.
 */
import { describe, expect, it } from 'vitest';
import { modelDocument } from '../../../../../src/node/openapi/handlers/document.js';

const user = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true, example: 7 },
    password: { type: 'string', writeOnly: true, example: 'secret' },
    name: { type: 'string', example: 'Ann' },
  },
};

function operation(media: string) {
  return {
    requestBody: { content: { [media]: { schema: { $ref: '#/components/schemas/User' } } } },
    responses: {
      '200': { description: 'ok', content: { [media]: { schema: { $ref: '#/components/schemas/User' } } } },
    },
  };
}

const raw = {
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  paths: {
    '/a': { post: { operationId: 'a', ...operation('application/json') } },
    '/b': { put: { operationId: 'b', ...operation('application/json') } },
    '/c': { post: { operationId: 'c', ...operation('text/plain') } },
  },
  components: { schemas: { User: user } },
};

describe('generated samples', () => {
  const model = modelDocument(raw);
  const ops = new Map(model.tags.flatMap((t) => t.operations).map((o) => [o.id, o]));
  const request = (id: string) => ops.get(id)!.requestBody!.contents[0]!.examples[0]!;
  const response = (id: string) => ops.get(id)!.responses[0]!.contents[0]!.examples[0]!;

  it('leave readOnly out of requests and writeOnly out of responses for the same schema', () => {
    expect(request('a')).toMatchObject({ generated: true });
    expect(JSON.parse(request('a').value)).toEqual({ password: 'secret', name: 'Ann' });
    expect(JSON.parse(response('a').value)).toEqual({ id: 7, name: 'Ann' });
  });

  it('are the same text for every operation that refers to one schema', () => {
    expect(request('b').value).toBe(request('a').value);
    expect(response('b').value).toBe(response('a').value);
  });

  it('are serialised as their own media type shows them', () => {
    expect(request('a').value).toBe(JSON.stringify({ password: 'secret', name: 'Ann' }, null, 2));
    expect(typeof request('c').value).toBe('string');
    expect(request('c').value).not.toBe('');
  });
});
