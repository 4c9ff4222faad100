/**
 * From a place in the document (a JSON pointer, or a loose path such as the validator's `/paths/users/{id}/get`)
 * back to a position in the YAML source: the node is found in the `yaml` AST and its offset turned into a
 * 1-based line and column with the parse's LineCounter. `$ref`s on the way are followed, so a pointer into the
 * dereferenced document lands on the component that was referenced.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';
import { splitPointer } from './resolve.js';

export interface SourcePosition {
  line: number;
  column: number;
}

interface Found {
  node: Node | null;
  pair: Pair | null;
}

function deAlias(doc: Document, node: unknown): Node | null {
  if (isAlias(node)) return (node.resolve(doc) as Node | undefined) ?? null;
  return (node as Node | null) ?? null;
}

function keyText(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

function refOf(node: Node | null): string | undefined {
  if (!isMap(node)) return undefined;
  const pair = node.items.find((p) => keyText(p) === '$ref');
  return pair && isScalar(pair.value) && typeof pair.value.value === 'string' ? pair.value.value : undefined;
}

/**
 * Walks segments from the root, following local `$ref`s (at most 64 hops overall).
 * @returns the deepest node reached and whether every segment was found
 */
function walk(doc: Document, segments: string[]): Found & { complete: boolean } {
  let node = deAlias(doc, doc.contents);
  let pair: Pair | null = null;
  let hops = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const ref = segment === '$ref' ? undefined : refOf(node);
    if (ref?.startsWith('#') && hops++ < 64) {
      const target = walk(doc, splitPointer(ref.slice(1)));
      if (target.complete) node = target.node;
    }
    if (isMap(node)) {
      const next = node.items.find((p) => keyText(p) === segment);
      if (!next) return { node, pair, complete: false };
      pair = next;
      node = deAlias(doc, next.value);
    } else if (isSeq(node) && /^\d+$/.test(segment) && Number(segment) < node.items.length) {
      pair = null;
      node = deAlias(doc, node.items[Number(segment)]);
    } else return { node, pair, complete: false };
  }
  return { node, pair, complete: true };
}

function positionOf(found: Found, preferKey: boolean, lineCounter: LineCounter): SourcePosition | undefined {
  const useKey =
    found.pair && isScalar(found.pair.key) && (preferKey || isMap(found.node) || isSeq(found.node) || !found.node);
  const target = useKey ? (found.pair!.key as Node) : (found.node ?? (found.pair?.key as Node | undefined));
  const offset = target?.range?.[0];
  if (offset === undefined) return undefined;
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/**
 * Position of the node at a JSON pointer.
 * @param preferKey point at the key (`foo:`) rather than the value; collections always point at their key
 * @returns the position, or that of the deepest existing ancestor, or undefined for an empty document
 */
export function positionOfPointer(options: {
  doc: Document;
  lineCounter: LineCounter;
  pointer: string;
  preferKey?: boolean;
}): SourcePosition | undefined {
  const found = walk(options.doc, splitPointer(options.pointer));
  return positionOf(found, options.preferKey ?? false, options.lineCounter);
}

/**
 * Position of a loose path whose map keys may themselves contain `/` (`/paths/realms/{realm}/get`, or
 * `.../parameters/<name>` where the parameter is found by its `name`). Greedy: the longest matching key wins.
 */
export function positionOfLoosePath(options: {
  doc: Document;
  lineCounter: LineCounter;
  path: string;
}): SourcePosition | undefined {
  const { doc, lineCounter } = options;
  let rest = options.path.replace(/^\//, '');
  let node = deAlias(doc, doc.contents);
  let pair: Pair | null = null;
  while (rest !== '') {
    if (isMap(node)) {
      const keys = node.items.map((p) => ({ p, k: keyText(p).replace(/^\//, '') }));
      const best = keys
        .filter(({ k }) => rest === k || rest.startsWith(k + '/'))
        .sort((a, b) => b.k.length - a.k.length)[0];
      if (!best) break;
      pair = best.p;
      node = deAlias(doc, best.p.value);
      rest = rest.slice(best.k.length).replace(/^\//, '');
    } else if (isSeq(node)) {
      const segment = rest.split('/')[0]!;
      const item = /^\d+$/.test(segment)
        ? node.items[Number(segment)]
        : node.items.find(
            (it) =>
              isMap(it) &&
              it.items.some((p) => keyText(p) === 'name' && isScalar(p.value) && String(p.value.value) === segment),
          );
      if (!item) break;
      pair = null;
      node = deAlias(doc, item);
      rest = rest.slice(segment.length).replace(/^\//, '');
    } else break;
  }
  return positionOf({ node, pair }, true, lineCounter);
}

/**
 * Position of the n-th (0-based) map entry `key: value` anywhere in the document, in source order.
 * Used for "duplicated operationId" and "missing $ref pointer" reasons, which name a value, not a place.
 */
export function positionOfEntry(options: {
  doc: Document;
  lineCounter: LineCounter;
  key: string;
  value: string;
  nth?: number;
}): SourcePosition | undefined {
  const matches: Pair[] = [];
  const visit = (node: unknown): void => {
    if (isMap(node)) {
      for (const p of node.items) {
        if (isPair(p) && keyText(p) === options.key && isScalar(p.value) && String(p.value.value) === options.value)
          matches.push(p);
        visit(p.value);
      }
    } else if (isSeq(node)) node.items.forEach(visit);
  };
  visit(options.doc.contents);
  const pair = matches[Math.min(options.nth ?? 0, matches.length - 1)];
  if (!pair) return undefined;
  return positionOf({ node: pair.value as Node, pair }, true, options.lineCounter);
}

/** A node the line scanner reached: a block collection (keys or `-` items at `indent`, from `line`), or a start. */
type ScanNode =
  | { kind: 'map'; line: number; col: number; indent: number }
  | { kind: 'seq'; line: number; indent: number }
  | { kind: 'flow' | 'scalar'; offset: number };

/** A key that is a string both as written and as the `yaml` library's core schema reads it (`200` is the number 200). */
const PLAIN_KEY = /^([^\s\-?:,[\]{}#&*!|>'"%@`](?:[^:#\n\r]|:(?=[^\s])|(?<=[^\s])#)*?) *:(?: |$)/;
const NOT_A_STRING = /^[-+.~0-9]|^(?:Null|NULL|True|TRUE|False|FALSE)$/;
const INTEGER_KEY = /^(?:0|[1-9][0-9]{0,14})$/;

/**
 * The line scanner behind yamlLineLocator: the lines of block-style YAML, read only along one pointer's path.
 * Every method answers undefined where the text leaves the subset it reads exactly (flow collections to descend
 * into, anchors, aliases, tags, complex keys, escapes in quoted keys, empty values): the caller then builds the AST.
 */
class LineScanner {
  private readonly starts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  private lineEnd(line: number): number {
    return line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.source.length;
  }

  /** Whether a sequence item (`- `, or `-` ending its line) starts at an offset. */
  private isItem(offset: number): boolean {
    const next = this.source[offset + 1];
    return this.source[offset] === '-' && (next === ' ' || next === '\n' || next === undefined);
  }

  /** Indentation of a line with content, or -1 for a blank or comment-only line. */
  private indentOf(line: number): number {
    const start = this.starts[line]!;
    const end = this.lineEnd(line);
    let i = start;
    while (i < end && this.source.charCodeAt(i) === 32) i++;
    return i === end || this.source[i] === '#' ? -1 : i - start;
  }

  position(offset: number): SourcePosition {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }

  /** The document's root node. */
  root(): ScanNode | undefined {
    for (let line = 0; line < this.starts.length; line++) {
      const indent = this.indentOf(line);
      if (indent === -1) continue;
      return this.nodeAt(line, this.starts[line]! + indent, -1);
    }
    return undefined;
  }

  /**
   * The node whose text starts at `offset` (on `line`), or, when the rest of the line is empty, on the next lines.
   * @param parentIndent indentation of the map key this node is the value of (-1: none)
   */
  private nodeAt(line: number, offset: number, parentIndent: number, afterKey = false): ScanNode | undefined {
    const end = this.lineEnd(line);
    const text = this.source.slice(offset, end);
    if (text === '' || text.startsWith('#')) {
      for (let next = line + 1; next < this.starts.length; next++) {
        const indent = this.indentOf(next);
        if (indent === -1) continue;
        const start = this.starts[next]! + indent;
        const isItem = this.isItem(start);
        if (indent > parentIndent || (indent === parentIndent && isItem)) return this.nodeAt(next, start, parentIndent);
        return undefined; // an empty value
      }
      return undefined;
    }
    const column = offset - this.starts[line]!;
    if (/^-(?: |$)/.test(text))
      return afterKey || column !== this.indentOf(line) ? undefined : { kind: 'seq', line, indent: column };
    const first = text[0]!;
    if (first === '[' || first === '{') return { kind: 'flow', offset };
    if ('&*!?%@`'.includes(first) || text.startsWith('---') || text.startsWith('...')) return undefined;
    if (first === '|' || first === '>') return { kind: 'scalar', offset };
    const key = this.keyAt(line, offset);
    if (key === null) return undefined;
    if (key) return afterKey ? undefined : { kind: 'map', line, col: column, indent: column };
    return { kind: 'scalar', offset };
  }

  /**
   * The key of a `key: value` entry starting at `offset`, with the offset its value starts at.
   * @returns undefined when the text is no entry (a scalar), null when it is one this scanner does not read
   */
  private keyAt(line: number, offset: number): { key: string; valueAt: number } | null | undefined {
    const end = this.lineEnd(line);
    const text = this.source.slice(offset, end);
    let key: string;
    let rest: number;
    if (text[0] === "'" || text[0] === '"') {
      const quote = text[0];
      const close = quote === "'" ? /^'((?:[^']|'')*)'/.exec(text) : /^"([^"\\]*)"/.exec(text);
      if (!close) return text.includes('\\') ? null : undefined;
      const after = /^ *:(?: |$)/.exec(text.slice(close[0].length));
      if (!after) return undefined;
      key = quote === "'" ? close[1]!.replaceAll("''", "'") : close[1]!;
      rest = close[0].length + after[0].length;
    } else {
      const match = PLAIN_KEY.exec(text);
      if (!match) return /^[^\s#]*: /.test(text) ? null : undefined;
      key = match[1]!.trimEnd();
      if (key === '<<' || (NOT_A_STRING.test(key) && !INTEGER_KEY.test(key))) return null;
      rest = match[0].length;
    }
    let valueAt = offset + rest;
    while (valueAt < end && this.source.charCodeAt(valueAt) === 32) valueAt++;
    return { key, valueAt };
  }

  /**
   * The entry of a block map with a key, and the map's `$ref` value when it has a plain or quoted one.
   * @returns undefined when the map holds something this scanner does not read
   */
  entry(
    map: Extract<ScanNode, { kind: 'map' }>,
    wanted: string,
  ): { found?: { keyAt: number; value: ScanNode | undefined }; ref?: string } | undefined {
    let found: { keyAt: number; value: ScanNode | undefined } | undefined;
    let ref: string | undefined;
    for (let line = map.line; line < this.starts.length; line++) {
      const indent = line === map.line ? map.col : this.indentOf(line);
      if (indent === -1 || indent > map.indent) continue;
      if (indent < map.indent) break;
      const offset = this.starts[line]! + indent;
      if (this.isItem(offset)) continue; // a sequence value at the key's indent
      const key = this.keyAt(line, offset);
      if (!key) return undefined;
      if (key.key === '$ref' && ref === undefined) {
        const value = this.source.slice(key.valueAt, this.lineEnd(line));
        const quoted = /^'((?:[^']|'')*)' *$/.exec(value) ?? /^"([^"\\]*)" *$/.exec(value);
        if (quoted) ref = quoted[1]!.replaceAll("''", "'");
        else if (/^[^\s'"#&*!|>[{]/.test(value) && !/ #|:( |$)/.test(value) && !this.continues(line, indent))
          ref = value.trimEnd();
        else if ((value !== '' && !value.startsWith('#')) || this.continues(line, indent)) return undefined;
      }
      if (key.key === wanted && !found) found = { keyAt: offset, value: this.nodeAt(line, key.valueAt, indent, true) };
    }
    return { found, ref };
  }

  /** Whether the next line with content is indented deeper than `indent` (the value goes on there). */
  private continues(line: number, indent: number): boolean {
    for (let next = line + 1; next < this.starts.length; next++) {
      const at = this.indentOf(next);
      if (at !== -1) return at > indent;
    }
    return false;
  }

  /** The item at an index of a block sequence, if it has one. */
  item(seq: Extract<ScanNode, { kind: 'seq' }>, index: number): ScanNode | undefined | null {
    let n = 0;
    for (let line = seq.line; line < this.starts.length; line++) {
      const indent = this.indentOf(line);
      if (indent === -1 || indent > seq.indent) continue;
      if (indent < seq.indent) break;
      const offset = this.starts[line]! + indent;
      if (!this.isItem(offset)) break;
      if (n++ === index) {
        let at = offset + 1;
        while (this.source.charCodeAt(at) === 32) at++;
        if (at === this.lineEnd(line)) return undefined; // `-` alone: the item is on the next lines
        const node = this.nodeAt(line, at, -1);
        // an entry on the item's line opens a map whose keys align with it
        return node?.kind === 'map' ? { ...node, indent: at - this.starts[line]! } : node;
      }
    }
    return null;
  }

  /** Start offset of a node, as the `yaml` library's `range[0]`. */
  start(node: ScanNode): number {
    return node.kind === 'map'
      ? this.starts[node.line]! + node.col
      : node.kind === 'seq'
        ? this.starts[node.line]! + node.indent
        : node.offset;
  }
}

/**
 * walk() of the line scanner: the same node, pair and completeness, or undefined where the scanner cannot tell.
 */
function scanWalk(
  scanner: LineScanner,
  segments: string[],
  depth: number,
): { node: ScanNode; keyAt?: number; complete: boolean } | undefined {
  const root = scanner.root();
  if (!root || depth > 64) return undefined;
  let node: ScanNode = root;
  let keyAt: number | undefined;
  let hops = 0;
  for (const segment of segments) {
    if (node.kind === 'flow') return undefined;
    let looked: ReturnType<LineScanner['entry']> = node.kind === 'map' ? scanner.entry(node, segment) : undefined;
    if (node.kind === 'map') {
      if (!looked) return undefined;
      if (segment !== '$ref' && looked.ref?.startsWith('#') && hops++ < 64) {
        const target = scanWalk(scanner, splitPointer(looked.ref.slice(1)), depth + 1);
        if (!target) return undefined;
        if (target.complete) {
          node = target.node;
          if (node.kind === 'flow') return undefined;
          looked = node.kind === 'map' ? scanner.entry(node, segment) : undefined;
          if (node.kind === 'map' && !looked) return undefined;
        }
      }
    }
    if (node.kind === 'map') {
      const found: { keyAt: number; value: ScanNode | undefined } | undefined = looked!.found;
      if (!found) return { node, keyAt, complete: false };
      if (!found.value) return undefined;
      keyAt = found.keyAt;
      node = found.value;
    } else if (node.kind === 'seq' && /^\d+$/.test(segment)) {
      const item = scanner.item(node, Number(segment));
      if (item === null) return { node, keyAt, complete: false };
      if (!item) return undefined;
      keyAt = undefined;
      node = item;
    } else return { node, keyAt, complete: false };
  }
  return { node, keyAt, complete: true };
}

/**
 * positionOfPointer without the AST, for one YAML text: the same position, read from the text of block-style YAML
 * along the pointer's path only (a 4 MB document's AST costs over a second; this reads the lines of the maps on the
 * path). The text's line starts are indexed once, when the locator is made; keep the locator with the text.
 * @returns the locator, which answers undefined where the text leaves the subset the scanner reads exactly (build the
 *   AST then); undefined for a text with tabs, carriage returns or a byte order mark, which the scanner never reads
 */
export function yamlLineLocator(
  source: string,
): ((pointer: string, preferKey?: boolean) => SourcePosition | undefined) | undefined {
  if (source.includes('\t') || source.includes('\r') || source.charCodeAt(0) === 0xfeff) return undefined;
  const scanner = new LineScanner(source);
  return (pointer, preferKey) => {
    const found = scanWalk(scanner, splitPointer(pointer), 0);
    if (!found) return undefined;
    const { node, keyAt } = found;
    const useKey = keyAt !== undefined && (preferKey || node.kind !== 'scalar');
    return scanner.position(useKey ? keyAt : scanner.start(node));
  };
}
