/**
 * Docusaurus' head metadata in a page (docs/guides/markdown-features/markdown-features-head-metadata): an MDX
 * `<head>` with `<title>`, `<meta name="description">` and `<meta name="keywords">`, as tailcallhq's docs write it.
 * The document's title is the `<title>` as written, the description and keywords are the page's (front matter still
 * wins), nothing of the `<head>` shows in the content, and what docgen writes itself (`<link rel="canonical">`) is
 * one warning at the `<head>`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen, writeTree } from '../helpers/site.js';

let dir: string;
let output: string;
let status: number | null;

beforeAll(() => {
  dir = copyFixture('basic');
  writeTree(path.join(dir, 'content/docs'), {
    'head-meta.mdx': [
      '# GraphQL N+1',
      '',
      '<head>',
      '  <title>Solving the N+1 problem | Tailcall</title>',
      '  <meta name="description" content="Detect and solve N+1 queries." />',
      '  <meta name="keywords" content="GraphQL, N+1, batching" />',
      '  <link rel="canonical" href="https://tailcall.run/docs/n-plus-one/" />',
      '</head>',
      '',
      'The body text.',
      '',
    ].join('\n'),
    'head-front-matter.mdx': [
      '---',
      'description: From the front matter.',
      '---',
      '# Both',
      '',
      '<head>',
      '  <meta name="description" content="From the head." />',
      '</head>',
      '',
      'Text.',
      '',
    ].join('\n'),
  });
  const result = runDocgen(['build'], dir);
  output = result.stdout + result.stderr;
  status = result.status;
});
afterAll(() => removeDir(dir));

const html = (route: string) => readFileSync(path.join(dir, 'dist', `${route}.html`), 'utf8');

describe('an MDX page with a <head>', () => {
  it('sets the document title, description and keywords, and shows none of it in the content', () => {
    expect(status, output).toBe(0);
    const page = html('docs/head-meta');
    expect(page).toContain('<title>Solving the N+1 problem | Tailcall</title>');
    expect(page).toContain('<meta name="description" content="Detect and solve N+1 queries.">');
    expect(page).toContain('<meta name="keywords" content="GraphQL, N+1, batching">');
    expect(page).toContain('<meta property="og:title" content="Solving the N+1 problem | Tailcall">');
    const content = parse(page).querySelector('.dg-markdown')!.text;
    expect(content).not.toContain('Solving the N+1 problem');
    expect(content).toContain('The body text.');
    // The route data the client reads when it navigates to the page carries the title too.
    const dataFiles = readdirSync(path.join(dir, 'dist/assets/data'), { recursive: true }) as string[];
    const data = dataFiles
      .map((file) => readFileSync(path.join(dir, 'dist/assets/data', file), 'utf8'))
      .find((text) => text.includes('"path":"/docs/head-meta"'));
    expect(data).toContain('"documentTitle":"Solving the N+1 problem | Tailcall"');
  });

  it('leaves the front matter description in charge, and reports what docgen writes itself once', () => {
    expect(html('docs/head-front-matter')).toContain('<meta name="description" content="From the front matter.">');
    const warnings = output.match(/^\[DroppedHtml\] warning: .*$/gm) ?? [];
    expect(warnings).toEqual([
      '[DroppedHtml] warning: <head> keeps its <title> and the description and keywords <meta>s; <link rel="canonical"> left out (docgen writes the canonical URL, Open Graph and social card tags itself).',
    ]);
    expect(output).toMatch(/content\/docs\/head-meta\.mdx:3:1/);
  });
});
