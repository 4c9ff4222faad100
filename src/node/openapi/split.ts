/**
 * When an API reference is split into lazily loaded parts (GitHub's REST API has about
 * 1,000 operations and renders to ~19 MB of HTML). Small documents stay one fragment, as before.
 */
import type { ApiDocumentModel } from '../../shared/api-model.js';

/** A document with more operations than this is split. This site's three documents have fewer than 50. */
export const SPLIT_MIN_OPERATIONS = 150;

/**
 * Target size of one part, in characters of HTML: a tag whose operations render to more is cut into parts of about
 * this size, so that fetching one part stays quick and the client can insert it in a few short tasks.
 */
export const PART_TARGET_BYTES = 256 * 1024;

/**
 * A reference whose single-page HTML would be longer than this (characters, about 1 MB) is split as well, whatever
 * its operation count.
 */
export const SPLIT_MAX_CHARS = 1_000_000;

/** Number of operations of a document. */
export function operationCount(model: ApiDocumentModel): number {
  return model.tags.reduce((n, tag) => n + tag.operations.length, 0);
}

/** True when the document's reference is rendered as a page plus parts (see SPLIT_MIN_OPERATIONS). */
export function isSplitDocument(model: ApiDocumentModel): boolean {
  return operationCount(model) > SPLIT_MIN_OPERATIONS;
}
