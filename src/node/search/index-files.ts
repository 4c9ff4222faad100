/**
 * Writes the files of the search index: content-hashed names, a bounded number of writes in flight (a large
 * site has thousands of files; their contents are not all kept in memory), and the size of each, raw and gzip.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { SearchFileKind } from '../../shared/search-format.js';

export interface SearchIndexFile {
  /** Output-relative path. */
  file: string;
  kind: SearchFileKind | 'manifest';
  bytes: number;
  gzip: number;
}

/** Files written at once. */
const IN_FLIGHT = 16;
/**
 * Gzip level of the reported sizes: within about 1% of level 9 on these files at a fraction of the time (level 9
 * spends seconds on the long runs of posting lists of a 10,000-page site).
 */
const GZIP_LEVEL = 5;
const gzipAsync = promisify(gzip);

export class IndexFileWriter {
  private readonly pending = new Set<Promise<void>>();
  private readonly written: SearchIndexFile[] = [];
  private folder: Promise<unknown> | null = null;

  /**
   * @param outDir the build's staging folder; files go to `<outDir>/assets/search/`
   * @param options.gzip measure the gzip size of each file (default true; else it is reported as 0)
   */
  constructor(
    private readonly outDir: string,
    private readonly options: { gzip?: boolean } = {},
  ) {}

  /**
   * Writes `assets/search/<name>.<hash>.json`.
   * @param hashLength hex digits of the SHA-256 of the content in the name
   * @returns the hash
   */
  async write(kind: SearchIndexFile['kind'], name: string, content: string, hashLength: number): Promise<string> {
    const hash = createHash('sha256').update(content).digest('hex').slice(0, hashLength);
    const file = `assets/search/${name}.${hash}.json`;
    await (this.folder ??= mkdir(path.join(this.outDir, 'assets/search'), { recursive: true }));
    const gzipped = this.options.gzip === false ? Promise.resolve(null) : gzipAsync(content, { level: GZIP_LEVEL });
    const job = Promise.all([writeFile(path.join(this.outDir, file), content), gzipped]).then(([, gz]) => {
      this.written.push({ file, kind, bytes: Buffer.byteLength(content), gzip: gz?.length ?? 0 });
    });
    const tracked = job.finally(() => this.pending.delete(tracked));
    tracked.catch(() => {}); // reported by the next write or by finish(), not as an unhandled rejection
    this.pending.add(tracked);
    if (this.pending.size >= IN_FLIGHT) await Promise.race(this.pending);
    return hash;
  }

  /**
   * Writes `<kind>-<n>` for each content, in order.
   * @returns the concatenated hashes (search-format.ts SearchManifest)
   */
  async writeAll(kind: SearchFileKind, contents: Iterable<string>, hashLength: number): Promise<string> {
    let hashes = '';
    let n = 0;
    for (const content of contents) hashes += await this.write(kind, `${kind}-${n++}`, content, hashLength);
    return hashes;
  }

  /** Waits for every write; rejects with the first failure. */
  async finish(): Promise<SearchIndexFile[]> {
    while (this.pending.size > 0) await Promise.all(this.pending);
    return this.written;
  }
}
