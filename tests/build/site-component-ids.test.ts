/**
 * Ids a site's own component renders are left as it rendered them, as Docusaurus leaves them: an icon component used
 * twice repeats its SVG gradient's id (kysely-org/kysely's quote cards, under `onBrokenAnchors: 'throw'`, failed
 * the build with a DuplicateId per card, and the copies were renamed, breaking their `url(#id)`). An id the author
 * repeats is still made unique with a DuplicateId diagnostic (tests/unit/node/markdown/remark-heading-ids.test.ts).
 */
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, runDocgen, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-component-ids-'));
afterAll(() => removeDir(temp));

describe('ids in site component output', () => {
  it('are kept as rendered, however often the component is used; the anchors still resolve', () => {
    const site = writeDocusaurusSite(
      path.join(temp, 'site'),
      {
        'src/components/Icon.tsx': [
          'export default function Icon() {',
          '  return (',
          '    <svg width="16" height="16" viewBox="0 0 16 16">',
          '      <defs><linearGradient id="grad"><stop offset="0" stopColor="#f00" /></linearGradient></defs>',
          '      <rect width="16" height="16" fill="url(#grad)" />',
          '    </svg>',
          '  );',
          '}',
          '',
        ].join('\n'),
        'docs/intro.mdx': [
          "import Icon from '@site/src/components/Icon';",
          '',
          '# Intro',
          '',
          'First <Icon /> and second <Icon />, then [the gradient](#grad).',
          '',
        ].join('\n'),
      },
      { title: 'Ids', config: "onBrokenAnchors: 'throw'" },
    );
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(out, 'node_modules'), 'dir');
    const build = runDocgen(['build'], out);
    const output = build.stdout + build.stderr;
    expect(build.status, output).toBe(0);
    const html = readFileSync(path.join(out, 'dist/intro.html'), 'utf8');
    expect(html.match(/<linearGradient id="grad">/g)).toHaveLength(2);
    expect(html).not.toContain('grad-1');
    expect(output).not.toMatch(/DuplicateId[^\n]*'grad'/);
    expect(output).not.toMatch(/DeadAnchor/);
  });
});
