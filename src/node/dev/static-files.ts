/**
 * Static files of the content folder in dev: only files the site model lists (so nothing outside content/ can be
 * named), never a directory, and never through a symlink that leads out of the folder. Found and sent the way
 * `docgen serve` sends a built file (serve/static-file.ts: real-path check, content types, ETag, byte ranges).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isActiveContentFile, SANDBOX_CSP } from '../output/headers.js';
import { findFile, sendFile } from '../serve/static-file.js';

/**
 * Sends a listed static file.
 * @param contentPath absolute content folder
 * @param relPath content-relative POSIX path, already checked to be in the site model's static file list
 * @returns false when the file cannot be served (gone, not a file, or resolving outside the folder)
 */
export async function sendStaticFile(
  req: IncomingMessage,
  res: ServerResponse,
  contentPath: string,
  relPath: string,
): Promise<boolean> {
  const found = await findFile(contentPath, '/' + relPath);
  if (!found) return false;
  const headers = new Map([
    ['Cache-Control', 'no-cache'],
    ['X-Content-Type-Options', 'nosniff'],
  ]);
  // HTML, SVG and XML from content/ run no script on the site's origin (output/headers.ts).
  if (isActiveContentFile(relPath)) headers.set('Content-Security-Policy', SANDBOX_CSP);
  await sendFile(req, res, found, headers);
  return true;
}
