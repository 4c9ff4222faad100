/**
 * A Docusaurus 2 page that imports the site's own component with a leading slash (`import YoutubeEmbed from
 * '/src/components/youtube-embed'`, as matsu1r/asobinon's contributor guide does: webpack resolves server-relative
 * requests against its `resolve.roots`, the site folder) and shows the component's source through the raw loader
 * (`'!!raw-loader!/src/components/youtube-embed'`, a folder: webpack picks its index.tsx) in a `<CodeBlock>`. The
 * component imports `prop-types`, which React 17 brought along and which React 19 no longer uses. After migrate,
 * the page renders the component (its iframe, whose origin the site's policy allows: `frame-src`), shows the
 * component's source in a code block, and keeps the example in its fenced code block as written.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-root-imports-'));
afterAll(() => removeDir(temp));

const EMBED = `import React from 'react';
import PropTypes from 'prop-types';

const YoutubeEmbed = ({ id }: { id: string }) => (
  <div className="video-responsive">
    <iframe src={\`https://www.youtube.com/embed/\${id}\`} title="Embedded youtube" />
  </div>
);

YoutubeEmbed.propTypes = { id: PropTypes.string.isRequired, size: PropTypes.oneOf(['s', 'm']) };

export default YoutubeEmbed;
`;

describe('migrate docusaurus: imports from the site root with a leading slash', () => {
  it('render the component, show its source through the raw loader, and leave fenced examples as written', () => {
    const site = writeTree(path.join(temp, 'site'), {
      'package.json': JSON.stringify({ dependencies: { '@docusaurus/core': '^2.0.0-beta.0' } }),
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Root imports', url: 'https://example.com', baseUrl: '/',",
        "  presets: [['@docusaurus/preset-classic', { docs: { routeBasePath: '/' } }]],",
        '};',
        '',
      ].join('\n'),
      'src/components/youtube-embed/index.tsx': EMBED,
      'docs/index.md': '---\nslug: /\n---\n# Home\n\nSee [the embed](./embed.md).\n',
      'docs/embed.md': [
        '# Embedding a video',
        '',
        "import YoutubeEmbed from '/src/components/youtube-embed'",
        '',
        '<YoutubeEmbed id="dQw4w9WgXcQ" />',
        '',
        '```jsx',
        "import YoutubeEmbed from '/src/components/youtube-embed'",
        '```',
        '',
        "import CodeBlock from '@theme/CodeBlock';",
        '',
        "import EmbedSource from '!!raw-loader!/src/components/youtube-embed';",
        '',
        '<CodeBlock className="language-jsx">{EmbedSource}</CodeBlock>',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const { report, output } = migrateAndBuild('docusaurus', site, out);
    expect(report).not.toContain('/src/components/youtube-embed');
    expect(output).not.toMatch(/TemplateRenderFailed|is dropped|prop-types/);
    const html = readFileSync(path.join(out, 'dist/embed.html'), 'utf8');
    expect(html).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    // The source, highlighted: its tokens are split into spans, so the text is compared without tags.
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain('YoutubeEmbed.propTypes = { id: PropTypes.string.isRequired');
    // The fenced example is shown as the author wrote it.
    expect(text).toContain('import YoutubeEmbed from &#x27;/src/components/youtube-embed&#x27;');
    // The iframe the site's component renders is allowed by the policy (the component is the author's code).
    const policy = /Content-Security-Policy: (.*)/.exec(readFileSync(path.join(out, 'dist/_headers'), 'utf8'))?.[1];
    expect(policy).toContain("frame-src 'self' https://www.youtube.com; object-src 'none'");
  });
});
