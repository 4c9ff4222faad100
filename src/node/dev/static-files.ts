/**
 * Static files of the content folder in dev: only files the site model lists (so nothing outside content/ can be
 * named), never a directory, and never through a symlink that leads out of the folder.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { isActiveContentFile, SANDBOX_CSP } from '../output/headers.js';

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Sends a listed static file.
 * @param contentPath absolute content folder
 * @param relPath content-relative POSIX path, already checked to be in the site model's static file list
 * @returns false when the file cannot be served (gone, not a file, or resolving outside the folder)
 */
export async function sendStaticFile(res: ServerResponse, contentPath: string, relPath: string, head: boolean): Promise<boolean> {
  const file = path.join(contentPath, ...relPath.split('/'));
  const [realRoot, realFile] = await Promise.all([realpath(contentPath).catch(() => null), realpath(file).catch(() => null)]);
  if (!realRoot || !realFile || !realFile.startsWith(realRoot + path.sep)) return false;
  const info = await stat(realFile).catch(() => null);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...(isActiveContentFile(relPath) ? { 'Content-Security-Policy': SANDBOX_CSP } : {}),
  });
  if (head) res.end();
  else createReadStream(realFile).pipe(res);
  return true;
}
