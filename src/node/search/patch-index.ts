/**
 * Patching a built search index for edited pages (an incremental build must not rebuild the index of
 * 10,000 pages, which takes seconds even from the token cache). Applies when each edited page keeps its number of
 * documents, so every document keeps its number: the page's old documents are read back from the document chunks
 * that hold them, old and new are tokenized, and only the term partitions holding their terms, the field-length
 * blocks and document chunks of their documents, and the manifest are written again (format:
 * src/shared/search-format.ts). Partitions keep their boundaries; otherwise the files hold exactly what a full
 * build would: the same postings, exact field lengths and MiniSearch's running averages recomputed over every
 * document (tests/build/incremental.test.ts compares both).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeVarints, encodeVarints, PostingWriter, seekPostings, VarintReader } from '../../shared/search-codec.js';
import {
  documentRoute,
  LENGTHS_BLOCK,
  PART_HASH_LENGTH,
  SEARCH_FIELDS,
  searchFileName,
  type ChunkRow,
  type PartitionRow,
  type SearchDocument,
  type SearchFileKind,
  type SearchManifest,
} from '../../shared/search-format.js';
import { lastAtOrBefore, partitionOf } from '../../shared/search-partitions.js';
import { PageTokenizer, type PageTerms } from './index-builder.js';
import { IndexFileWriter } from './index-files.js';
import {
  chunkCutter,
  chunkRow,
  lengthBlock,
  partitionCutter,
  partitionItem,
  partitionItemsJson,
  recut,
  type PartitionItem,
} from './layout.js';

/** The index as the last build wrote it. */
export interface WrittenIndex {
  manifest: SearchManifest;
  /** Exact field lengths, `fieldLengths[f][doc]` (SearchIndexResult.fieldLengths). */
  fieldLengths: Int32Array[];
}

/** An edited page: its new documents, numbered from its first document as before. */
export interface PagePatch {
  docs: SearchDocument[];
}

export interface PatchedIndex extends WrittenIndex {
  /** Output-relative path of the new manifest. */
  manifestFile: string;
  /** Output-relative files written into the staging folder, and the files of the old index they replace. */
  written: string[];
  replaced: string[];
}

/**
 * Writes the patched files into `staging` (under `assets/search/`).
 * @param options.outDir the output folder holding the current index (read only)
 * @param options.staging where the new files go
 * @param options.pages edited pages; each must have as many documents as before (the caller checks)
 * @returns the new manifest and field lengths, and which files were written and replaced
 * @throws Error when an index file is missing or does not hold the documents (the caller builds everything)
 */
export async function patchSearchIndex(options: {
  outDir: string;
  staging: string;
  index: WrittenIndex;
  pages: PagePatch[];
  partitionBytes?: number;
  chunkTextBytes?: number;
}): Promise<PatchedIndex> {
  const { outDir, index, pages } = options;
  const manifest: SearchManifest = structuredClone(index.manifest);
  const fieldLengths = index.fieldLengths.map((lengths) => lengths.slice());
  const assets = path.join(outDir, 'assets/search');
  // Synchronous reads: a few hundred small files, each awaited in turn, would spend most of the time idle.
  const readJson = <T>(kind: SearchFileKind, n: number, hashes: string): T =>
    JSON.parse(readFileSync(path.join(assets, searchFileName(kind, n, hashes)), 'utf8')) as T;

  // Document chunks: replace each page's rows, keeping the old documents to tokenize.
  const chunkFirsts = [0];
  for (const gap of decodeVarints(manifest.chunks.firsts)) chunkFirsts.push(chunkFirsts.at(-1)! + gap);
  const chunks = new Map<number, ChunkRow[]>();
  const tokenizer = new PageTokenizer();
  const edits: { first: number; count: number; old: PageTerms; now: PageTerms }[] = [];
  for (const { docs } of pages) {
    const first = docs[0]!.id;
    const old: SearchDocument[] = [];
    for (const doc of docs) {
      const n = lastAtOrBefore(chunkFirsts, doc.id);
      let rows = chunks.get(n);
      if (!rows) chunks.set(n, (rows = readJson<ChunkRow[]>('docs', n, manifest.chunks.hashes)));
      const row = rows[doc.id - chunkFirsts[n]!];
      if (!row || documentRoute(row[2]) !== documentRoute(doc.url))
        throw new Error(`search index: document ${doc.id} is not on ${documentRoute(doc.url)}`);
      old.push(documentOf(row, doc.id));
      rows[doc.id - chunkFirsts[n]!] = chunkRow(doc);
    }
    edits.push({ first, count: docs.length, old: tokenizer.tokenize(old), now: tokenizer.tokenize(docs) });
  }

  // Postings of the edited documents by term and field, and their field lengths.
  // Only terms whose postings on the page changed (added, removed, or another frequency) are rewritten: an edit
  // of one paragraph changes a few terms, while the page uses hundreds, many with long lists in big partitions.
  // A term changed on one edited page is rewritten with every edited page's postings: its list loses all edited
  // documents (mergePostings), so a page where the term did not change must add its postings back too.
  const postings = new Map<number, [doc: number, tf: number][][]>();
  for (const { old, now } of edits)
    for (const id of changedTerms(old, now)) postings.set(id, postings.get(id) ?? SEARCH_FIELDS.map(() => []));
  for (const { first, now } of edits) {
    now.forEach((fields, d) => {
      fields.forEach((pairs, f) => {
        fieldLengths[f]![first + d] = pairs.length / 2;
        for (let i = 0; i < pairs.length; i += 2) postings.get(pairs[i]!)?.[f]?.push([first + d, pairs[i + 1]!]);
      });
    });
  }
  const edited = {
    first: Math.min(...edits.map((e) => e.first)),
    last: Math.max(...edits.map((e) => e.first + e.count - 1)),
    has: (doc: number) => edits.some((e) => doc >= e.first && doc < e.first + e.count),
  };

  // Term partitions: each affected term's lists without the edited documents, plus their new postings.
  const byPartition = new Map<number, number[]>();
  for (const id of postings.keys()) {
    const n = partitionOf(manifest.partitions.starts, tokenizer.terms[id]!);
    byPartition.set(n, [...(byPartition.get(n) ?? []), id]);
  }
  const partitions = new Map<number, PartitionItem[]>();
  for (const [n, ids] of byPartition) {
    const rows = readJson<PartitionRow[]>('terms', n, manifest.partitions.hashes);
    const rowOf = new Map(rows.map((row) => [row[0], row]));
    for (const id of ids) {
      const term = tokenizer.terms[id]!;
      const before = rowOf.get(term);
      const added = postings.get(id)!.map((list) => list.sort((a, b) => a[0] - b[0]));
      const row: PartitionRow = [
        term,
        ...SEARCH_FIELDS.map((_, f) => mergePostings(before?.[f + 1] ?? '', edited, added[f]!)),
      ];
      rowOf.set(term, row);
    }
    const kept = [...rowOf.values()].filter((row) => row.slice(1).some(Boolean));
    kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    partitions.set(n, kept.map(partitionItem));
  }

  // MiniSearch's running average over every document, as SearchIndexBuilder computes it.
  manifest.averageFieldLength = fieldLengths.map((lengths) => {
    let average = 0;
    for (let doc = 0; doc < lengths.length; doc++) average = (average * doc + lengths[doc]!) / (doc + 1);
    return average;
  });

  const files = new IndexFileWriter(options.staging, { gzip: false });
  const replaced: string[] = [];
  const rewrite = async (kind: SearchFileKind, n: number, content: string, hashes: string): Promise<string> => {
    replaced.push(`assets/search/${searchFileName(kind, n, hashes)}`);
    const hash = await files.write(kind, `${kind}-${n}`, content, PART_HASH_LENGTH);
    return hashes.slice(0, n * PART_HASH_LENGTH) + hash + hashes.slice((n + 1) * PART_HASH_LENGTH);
  };
  const blocks = new Set(
    edits.flatMap((e) => [Math.floor(e.first / LENGTHS_BLOCK), Math.floor((e.first + e.count - 1) / LENGTHS_BLOCK)]),
  );
  for (const n of blocks)
    manifest.lengths.hashes = await rewrite('lengths', n, lengthBlock(fieldLengths, n), manifest.lengths.hashes);

  // Partitions and chunks are cut again where their sizes changed, as the full build cuts them (layout.ts recut):
  // the patched index is the full build's, file for file.
  const { starts } = manifest.partitions;
  const changedPartitions = [...partitions.keys()];
  const terms = recut({
    count: starts.length,
    from: Math.max(0, Math.min(...changedPartitions) - 1), // a shorter first row may move the cut before it
    through: Math.max(...changedPartitions),
    itemsOf: (n) =>
      partitions.get(n) ?? readJson<PartitionRow[]>('terms', n, index.manifest.partitions.hashes).map(partitionItem),
    startsFile: (item, n) => item.term === starts[n],
    cutter: partitionCutter(options.partitionBytes),
  });
  manifest.partitions = await replaceFiles(
    'terms',
    manifest.partitions.hashes,
    terms,
    (items, n) => ({ start: n === 0 ? '' : items[0]!.term, json: partitionItemsJson(items) }),
    starts,
  );

  const changedChunks = [...chunks.keys()];
  const docs = recut({
    count: chunkFirsts.length,
    from: Math.min(...changedChunks), // the cut before a chunk depends on the chunk before only
    through: Math.max(...changedChunks),
    itemsOf: (n) =>
      (chunks.get(n) ?? readJson<ChunkRow[]>('docs', n, manifest.chunks.hashes)).map((row, i) =>
        documentOf(row, chunkFirsts[n]! + i),
      ),
    startsFile: (doc, n) => doc.id === chunkFirsts[n],
    cutter: chunkCutter<SearchDocument>(options.chunkTextBytes),
  });
  const chunkFiles = await replaceFiles(
    'docs',
    manifest.chunks.hashes,
    docs,
    (chunk) => ({ start: chunk[0]!.id, json: JSON.stringify(chunk.map(chunkRow)) }),
    chunkFirsts,
  );
  manifest.chunks = {
    firsts: encodeVarints(chunkFiles.starts.slice(1).map((first, i) => first - chunkFiles.starts[i]!)),
    hashes: chunkFiles.hashes,
  };

  /**
   * Writes the files `recut` returned under their new numbers (and the unchanged files after them under theirs, when
   * the number of files changed).
   * @returns the new starts and concatenated hashes of all files of that kind
   */
  async function replaceFiles<T, S>(
    kind: SearchFileKind,
    hashes: string,
    cut: { files: T[][]; from: number; end: number },
    file: (items: T[], n: number) => { start: S; json: string },
    oldStarts: S[],
  ): Promise<{ starts: S[]; hashes: string }> {
    for (let n = cut.from; n < cut.end; n++) replaced.push(`assets/search/${searchFileName(kind, n, hashes)}`);
    const newStarts: S[] = [];
    let newHashes = '';
    for (const [i, items] of cut.files.entries()) {
      const { start, json } = file(items, cut.from + i);
      newStarts.push(start);
      newHashes += await files.write(kind, `${kind}-${cut.from + i}`, json, PART_HASH_LENGTH);
    }
    return {
      starts: [...oldStarts.slice(0, cut.from), ...newStarts, ...oldStarts.slice(cut.end)],
      hashes: hashes.slice(0, cut.from * PART_HASH_LENGTH) + newHashes + hashes.slice(cut.end * PART_HASH_LENGTH),
    };
  }

  const manifestHash = await files.write('manifest', 'manifest', JSON.stringify(manifest), 10);
  const written = (await files.finish()).map((f) => f.file);
  return { manifest, fieldLengths, manifestFile: `assets/search/manifest.${manifestHash}.json`, written, replaced };
}

/** Term ids with a different (document, field, frequency) on the old and the new page, or on only one of them. */
function changedTerms(old: PageTerms, now: PageTerms): Set<number> {
  const key = (d: number, f: number, id: number) => `${d}:${f}:${id}`;
  const before = new Map<string, number>();
  old.forEach((fields, d) =>
    fields.forEach((pairs, f) => {
      for (let i = 0; i < pairs.length; i += 2) before.set(key(d, f, pairs[i]!), pairs[i + 1]!);
    }),
  );
  const changed = new Set<number>();
  now.forEach((fields, d) =>
    fields.forEach((pairs, f) => {
      for (let i = 0; i < pairs.length; i += 2) {
        const k = key(d, f, pairs[i]!);
        if (before.get(k) !== pairs[i + 1]) changed.add(pairs[i]!);
        before.delete(k);
      }
    }),
  );
  for (const k of before.keys()) changed.add(Number(k.slice(k.lastIndexOf(':') + 1)));
  return changed;
}

/**
 * A posting list without the edited documents, merged with new postings. Linear, and copies the encoded text of
 * unaffected runs as it is: a common term's list has a posting for most of a large site's documents.
 * @param added new postings, documents ascending, all inside edited ranges
 */
function mergePostings(
  encoded: string,
  edited: { first: number; last: number; has: (doc: number) => boolean },
  added: [number, number][],
): string {
  // Postings before the first edited document (and before any added one) stay as they are.
  const { pos, prev: kept } = seekPostings(encoded, Math.min(edited.first, added[0]?.[0] ?? Infinity));
  const reader = new VarintReader(encoded);
  reader.pos = pos;
  let out = '';
  let runStart = 0; // start of the encoded run not yet copied to out
  let lastOut = kept; // last document in out, or in the pending run
  let prev = kept; // previous document of the encoded list
  let next = 0; // next added posting
  const emit = (doc: number, tf: number) => {
    const posting = new PostingWriter();
    posting.add(doc - lastOut - 1, tf); // the gap from lastOut, as PostingWriter encodes from -1
    out += posting.toString();
    lastOut = doc;
  };
  while (!reader.done) {
    const start = reader.pos;
    const value = reader.next();
    const doc = prev + Math.floor(value / 2) + 1;
    const tf = value % 2 === 1 ? reader.next() + 2 : 1;
    const before = prev;
    prev = doc;
    if (doc > edited.last && next === added.length && before === lastOut) break; // the rest stays as it is
    if (next < added.length && added[next]![0] < doc) {
      out += encoded.slice(runStart, start);
      runStart = start;
      while (next < added.length && added[next]![0] < doc) emit(...added[next++]!);
    }
    if (edited.has(doc)) {
      out += encoded.slice(runStart, start);
      runStart = reader.pos;
    } else if (before !== lastOut) {
      // its encoded gap counts from a document that was dropped or from before an inserted one
      out += encoded.slice(runStart, start);
      emit(doc, tf);
      runStart = reader.pos;
    } else {
      lastOut = doc;
    }
  }
  out += encoded.slice(runStart);
  while (next < added.length) emit(...added[next++]!);
  return out;
}

/** A doc page's document back from its chunk row: its keywords are its anchor (extract.ts pageDocuments). */
function documentOf(row: ChunkRow, id: number): SearchDocument {
  const [title, heading, url, kind, method, body, target] = row;
  const hash = url.indexOf('#');
  return {
    id,
    title,
    heading,
    body,
    keywords: hash === -1 ? '' : url.slice(hash + 1),
    url,
    kind,
    ...(method ? { method } : {}),
    ...(target ? { target } : {}),
  };
}
