/**
 * Loads an OpenAPI document (YAML or JSON) and turns it into the plain view model the API page renders.
 * Every operation gets a stable anchor (its operationId) that the link checker knows (issue #4).
 */
import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';

import type { ApiDocumentModel, ApiOperationModel } from './model.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Reads and models an OpenAPI document.
 * @param file absolute path
 * @throws DocgenError OpenApiInvalid with file:line:column for YAML syntax errors and missing required objects
 */
export async function loadApiDocument(file: string): Promise<ApiDocumentModel> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    throw new DocgenError({ code: 'OpenApiInvalid', message: 'The OpenAPI document listed in site.config.ts `apis` cannot be read.', file });
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const { line, col } = lineCounter.linePos(error.pos[0]);
    throw new DocgenError({
      code: 'OpenApiInvalid',
      message: `The OpenAPI document is not valid YAML: ${error.message.split('\n')[0]}.`,
      file,
      line,
      column: col,
      frame: codeFrame(source, line, col),
    });
  }
  const api = (doc.toJS() ?? {}) as {
    openapi?: string;
    info?: { title?: string; version?: string; description?: string };
    paths?: Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[] }>>;
  };
  if (typeof api.openapi !== 'string' || !api.info || !api.paths) {
    throw new DocgenError({
      code: 'OpenApiInvalid',
      message: 'The document is not an OpenAPI 3 document: it needs `openapi`, `info` and `paths` at the top level.',
      file,
      line: 1,
      column: 1,
    });
  }
  const operations: ApiOperationModel[] = [];
  for (const [path, item] of Object.entries(api.paths)) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      operations.push({
        id: op.operationId ?? `${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-'),
        method,
        path,
        summary: op.summary ?? '',
        tag: op.tags?.[0] ?? 'default',
      });
    }
  }
  return {
    title: api.info.title ?? file,
    version: api.info.version ?? '',
    description: api.info.description ?? '',
    operations,
    anchors: operations.map((op) => op.id),
  };
}
