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
