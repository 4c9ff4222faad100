/**
 * A migrated Docusaurus site whose own components read their children (tests/fixtures/sites/component-children),
 * built through the real CLI: a component gets its children as MDX gives them in Docusaurus (a plain text as a
 * string, block children as an array of elements with their text), while the children it renders stay as docgen
 * compiles them (heading ids, highlighted code, checked links). `<CodeBlock>` takes code the page computes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

let dir: string;
let stderr: string;
let status: number | null;
const page = (file: string) =>
  parse(readFileSync(path.join(dir, 'dist', file), 'utf8'), { blockTextElements: {} }).querySelector('.dg-markdown')!;

beforeAll(() => {
  dir = copyFixture('component-children');
  const result = runDocgen(['build'], dir);
  stderr = result.stderr;
  status = result.status;
});
afterAll(() => removeDir(dir));

describe('site components that read their children', () => {
  it('builds with one warning: the code block whose code cannot be computed', () => {
    expect(status).toBe(0);
    expect(stderr).not.toContain('could not be rendered');
    expect(stderr).toContain('The expression {notDefined.trim()} could not be computed: notDefined is not defined.');
    expect(stderr.match(/<CodeBlock> needs its code/g)).toHaveLength(1);
    expect(stderr).toContain('content/docs/code.mdx:26:1');
  });

  it("looks a term up by its children's text and keeps the children inside", () => {
    const terms = page('docs/terms.html').querySelectorAll('.term');
    expect(terms.map((term) => term.getAttribute('title'))).toEqual([
      'A scheme, host and port.',
      'Scripts may only read responses from their own origin.',
    ]);
    expect(terms[1]!.querySelector('.term__tooltip-anchor > strong')!.text).toBe('same-origin');
  });

  it('gives a plain text child as a string, other children as elements', () => {
    const caps = page('docs/terms.html').querySelectorAll('.caps');
    expect(caps.map((el) => [el.classList.value.join(' '), el.innerHTML])).toEqual([
      ['caps caps--text', 'NEW'],
      ['caps caps--nodes', '<em>styled</em>'],
    ]);
  });

  it('maps over block children, which keep heading ids, highlighted code and resolved links', () => {
    const steps = page('docs/terms.html').querySelector('ol.steps')!;
    expect(steps.getAttribute('data-count')).toBe('3');
    const items = steps.querySelectorAll(':scope > li.steps__step');
    expect(items).toHaveLength(3);
    expect(items[0]!.querySelector('h2')!.id).toBe('install');
    expect(items[1]!.querySelector('a')!.getAttribute('href')).toBe('/docs/terms');
    expect(items[2]!.querySelector('.dg-code code.hljs.language-bash')!.text).toContain('npm install');
    // The class the component adds to each step (cloneElement) stays on the child put back.
    expect(items.map((item) => item.querySelector('.steps__content')?.tagName.toLowerCase())).toEqual([
      'h2',
      'p',
      'pre',
    ]);
    expect(page('docs/terms.html').querySelectorAll('[data-dg-child], dg-child, dg-children')).toHaveLength(0);
  });

  it('shows children rendered twice twice, and children not rendered not at all', () => {
    const content = page('docs/terms.html');
    expect(content.querySelectorAll('.twice > div > p > strong').map((el) => el.text)).toEqual(['twice', 'twice']);
    expect(content.querySelector('.count')!.text).toBe('2 blocks');
    expect(content.text).not.toContain('One.');
  });
});

describe('<CodeBlock> with computed code', () => {
  it('shows code from a tagged template, a method call, an exported constant and a literal', () => {
    const blocks = page('docs/code.html').querySelectorAll('.dg-code');
    expect(blocks.map((block) => [block.getAttribute('data-language'), block.querySelector('code')!.text])).toEqual([
      ['html', '<<<<<<< HEAD\n<p>mine</p>\n=======\n<p>theirs</p>\n>>>>>>> feature\n'],
      ['text', 'conflict resolved\n'],
      ['bash', 'git merge feature\n'],
      ['text', 'a literal string\n'],
    ]);
  });
});
