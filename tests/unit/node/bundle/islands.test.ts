/**
 * Which site components are islands (src/node/bundle/islands.ts): the site's own code decides, not docgen's shims;
 * and which props can go into the page as JSON.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isInteractiveComponent, unserialisableProp } from '../../../../src/node/bundle/islands.js';
import { removeDir } from '../../../helpers/site.js';

const site = mkdtempSync(path.join(tmpdir(), 'docgen-islands-'));
mkdirSync(path.join(site, 'src/components'), { recursive: true });
const component = (name: string, source: string) => {
  const file = path.join(site, 'src/components', name);
  writeFileSync(file, source);
  return file;
};
afterAll(() => removeDir(site));

describe('isInteractiveComponent', () => {
  it.each([
    [
      'state',
      "import { useState } from 'react';\nexport default function A() { const [n] = useState(0); return <b>{n}</b>; }",
    ],
    [
      'an effect',
      "import React from 'react';\nexport default function A() { React.useEffect(() => {}, []); return null; }",
    ],
    ['a click handler', "export default function A() { return <button onClick={() => alert('hi')}>Hi</button>; }"],
    [
      'BrowserOnly',
      "import BrowserOnly from '@docusaurus/BrowserOnly';\nexport default function A() { return <BrowserOnly>{() => 'x'}</BrowserOnly>; }",
    ],
  ])('is true for a component with %s', async (what, source) => {
    expect(await isInteractiveComponent(component(`${what.replace(/\W/g, '')}.jsx`, source), site)).toBe(true);
  });

  it('is true for a component whose own site import holds the state', async () => {
    component(
      'useToggle.js',
      "import { useState } from 'react';\nexport function useToggle() { return useState(false); }",
    );
    const file = component(
      'Toggle.jsx',
      "import { useToggle } from './useToggle';\nexport default function Toggle() { const [on] = useToggle(); return <i>{String(on)}</i>; }",
    );
    expect(await isInteractiveComponent(file, site)).toBe(true);
  });

  it("is false for a static component, even one using docgen's Tabs or Details (their state is docgen's)", async () => {
    const file = component(
      'Static.jsx',
      "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport Details from '@theme/Details';\nexport default function Static({ title, children }) { return <Details summary={title}><Tabs><TabItem value=\"a\">{children}</TabItem></Tabs></Details>; }",
    );
    expect(await isInteractiveComponent(file, site)).toBe(false);
  });

  it('is false for a component that does not bundle', async () => {
    const file = component('Missing.jsx', "import x from './generated-by-prebuild';\nexport default () => x;");
    expect(await isInteractiveComponent(file, site)).toBe(false);
  });
});

describe('unserialisableProp', () => {
  it('accepts JSON data and ignores children', () => {
    expect(unserialisableProp({ a: 1, b: ['x', { c: null, d: true }], e: undefined, children: () => 1 })).toBeNull();
  });

  it.each([
    [{ onDone: () => 1 }, 'onDone is a function'],
    [{ items: [{ render: () => 1 }] }, 'items[0].render is a function'],
    [{ icon: { $$typeof: Symbol.for('react.element') } }, 'icon is a React element'],
    [{ when: new Date(0) }, 'when is a Date'],
    [{ id: Symbol('x') }, 'id is a symbol'],
  ])('names what is not JSON: %o', (props, message) => {
    expect(unserialisableProp(props as Record<string, unknown>)).toBe(message);
  });
});
