import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, startCliServer, type CliServer } from '../helpers/site.js';

// docgen as a stranger gets it: `npm pack` of this repository, installed from the tarball into folders outside it
// (the npm cache serves the dependencies, --prefer-offline), then the three ways to start a site, builds, a real
// HTTP server, `tsc` on site.config.ts against the shipped declarations and the README's Quick start as written.
// `docgen-cli` is not on the registry yet: `npx docgen-cli` runs the tarball, and the sites docgen writes name the
// tarball it was installed from as their docgen-cli dependency, so their `npm install` needs no registry.
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-package-'));
let tarball = '';
afterAll(() => removeDir(temp));

const NPM = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
const env = { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' };

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 900_000 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} in ${cwd} exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

/** The installed CLI of a folder: node_modules/docgen-cli/bin/docgen.js (what node_modules/.bin/docgen runs). */
function docgenOf(dir: string): string {
  return path.join(dir, 'node_modules', 'docgen-cli', 'bin', 'docgen.js');
}

async function fetchText(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

beforeAll(() => {
  // What `npm pack` runs (prepack, prepare) but without compiling lib/node again: the suite's global setup did,
  // and test files running beside this one use it. The declarations are this script's alone.
  run(process.execPath, ['scripts/build-types.mjs'], repoRoot);
  const out = run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', temp, '--loglevel=error'],
    repoRoot,
  );
  const [packed] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string }[];
  tarball = path.join(temp, packed!.filename);
}, 1_200_000);

describe('the packed tarball', () => {
  it('ships the tool: compiled lib/ with declarations and the theme, LICENSE; no sources, tests, site, source maps; <= 2 MiB', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((f) => f.replace(/^package\//, ''));
    expect(statSync(tarball).size).toBeLessThanOrEqual(2 * 1024 * 1024);
    for (const file of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/docgen.js',
      'lib/node/cli.js',
      'lib/node/index.js',
      'lib/index.d.ts',
      // The theme and the browser runtime, compiled module by module (readable JSX: the originals of overrides).
      'lib/runtime-files.json',
      'lib/theme/index.js',
      'lib/theme/layout/Footer.jsx',
      'lib/theme/styles/index.css',
      'lib/client/entry.jsx',
      'lib/server/render/server-entry.jsx',
    ])
      expect(files, file).toContain(file);
    expect(
      files.filter(
        (f) =>
          /^(src|templates|tests|content|openapi|bench|scripts)\//.test(f) ||
          /\.(map|tsx?)$/.test(f.replace(/\.d\.ts$/, '')) ||
          f === 'site.config.ts',
      ),
    ).toEqual([]);
    expect(readFileSync(path.join(repoRoot, 'lib/theme/layout/Footer.jsx'), 'utf8')).toMatch(
      /^export function Footer\(\{ site \}\) \{$[\s\S]*<footer className=/m,
    );
    expect(readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });
});

describe('from the tarball, in a fresh folder', () => {
  const project = path.join(temp, 'project');
  const servers: CliServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('docgen init . in a project with a package.json, then build, serve and tsc', async () => {
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'package.json'),
      `${JSON.stringify({ name: 'project', version: '1.0.0', private: true }, null, 2)}\n`,
    );
    run('npm', ['install', '--save-dev', tarball, ...NPM], project);
    expect(readdirSync(path.join(project, 'node_modules')).some((name) => name === 'zod' || name === 'unified')).toBe(
      false,
    ); // bundled into lib/
    run(process.execPath, [docgenOf(project), 'init', '.'], project);
    const pkg = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    expect(pkg.scripts).toEqual({ dev: 'docgen dev', build: 'docgen build', serve: 'docgen serve' });
    expect(Object.keys(pkg.devDependencies!)).toEqual(['docgen-cli']);
    expect(readFileSync(path.join(project, '.gitignore'), 'utf8')).toBe('node_modules/\ndist\n.docgen-*\n');
    const built = run('npm', ['run', 'build'], project);
    expect(built).toMatch(/built \d+ routes/);
    expect(existsSync(path.join(project, 'dist/api/example.html'))).toBe(true);
    expect(built).not.toContain('.cache'); // no message shows docgen's cache paths

    const server = await startCliServer(['serve', '--port', '0'], project, /at (http:\/\/\S+)/, docgenOf(project));
    servers.push(server);
    const home = await fetchText(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.text).toContain('<title>project</title>');
    expect((await fetchText(`${server.url}/docs/getting-started/introduction`)).text).toContain('Introduction');
    expect((await fetchText(`${server.url}/no-such-page`)).status).toBe(404);

    // site.config.ts type-checks against lib/index.d.ts, and a mistyped key fails the check.
    run('npm', ['install', '--no-save', 'typescript@5', ...NPM], project);
    const tsc = path.join(project, 'node_modules/typescript/bin/tsc');
    expect(spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: project, encoding: 'utf8' }).stdout).toBe('');
    const config = readFileSync(path.join(project, 'site.config.ts'), 'utf8');
    writeFileSync(
      path.join(project, 'site.config.ts'),
      config.replace("baseUrl: '/',", "baseUrl: '/',\n  baseURL: '/',"),
    );
    const failed = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: project, encoding: 'utf8' });
    expect(failed.status).not.toBe(0);
    expect(failed.stdout).toContain("'baseURL' does not exist in type 'UserConfig'");
    writeFileSync(path.join(project, 'site.config.ts'), config);
  }, 900_000);

  it('docgen init <dir> (Japanese) with the installed command, then npm install and build', () => {
    run(process.execPath, [docgenOf(project), 'init', 'docs-ja', '--locale', 'ja'], project);
    // The range names the tarball the project installed docgen from (npm's lockfile), relative to the new site.
    const pkg = JSON.parse(readFileSync(path.join(project, 'docs-ja/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies['docgen-cli']).toBe(`file:${path.relative(path.join(project, 'docs-ja'), tarball)}`);
    run('npm', ['install', ...NPM], path.join(project, 'docs-ja'));
    run('npm', ['run', 'build'], path.join(project, 'docs-ja'));
    const page = readFileSync(path.join(project, 'docs-ja/dist/docs/getting-started/introduction.html'), 'utf8');
    expect(page).toContain('<html lang="ja"');
    expect(page).toContain('概要');
  }, 300_000);

  it('a theme override wraps the compiled original from docgen/theme/<Name>, on the server and in the browser', () => {
    const site = path.join(temp, 'extend');
    cpSync(path.join(repoRoot, 'tests/fixtures/sites/extend'), site, { recursive: true });
    run(process.execPath, [docgenOf(project), 'build'], site);
    const home = readFileSync(path.join(site, 'dist/index.html'), 'utf8');
    expect(home).toContain('class="site-footer__extra"'); // the site's Footer
    expect(home).toMatch(/<footer class="dg-footer[^"]*"/); // around docgen's own, compiled into lib/theme
    const assets = readdirSync(path.join(site, 'dist/assets'), { recursive: true }) as string[];
    const js = assets
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(site, 'dist/assets', file), 'utf8'))
      .join('\n');
    expect(js).toContain('site-footer__counter'); // hydrated with the override
  }, 300_000);

  it("the README's Quick start, command by command", async () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Quick start'));
    const commands = /```sh\n([\s\S]*?)```/.exec(section)![1]!.trim().split('\n');
    expect(commands[0]).toBe('npx docgen-cli init my-docs');
    let cwd = path.join(temp, 'quick');
    mkdirSync(cwd);
    for (const line of commands) {
      const [command, ...args] = line.split(/\s+/);
      if (command === 'cd') {
        cwd = path.join(cwd, args[0]!);
      } else if (command === 'npx' && args[0] === 'docgen-cli') {
        run('npm', ['exec', '--yes', `--package=${tarball}`, ...NPM, '--', 'docgen', ...args.slice(1)], cwd);
      } else if (line === 'npm install') {
        const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        };
        expect(pkg.dependencies['docgen-cli']).toMatch(/^file:\.\.\//);
        expect(path.resolve(cwd, pkg.dependencies['docgen-cli']!.slice('file:'.length))).toBe(tarball);
        run('npm', ['install', ...NPM], cwd);
      } else if (line === 'npm run dev' || line === 'npm run serve') {
        const server = await startCliServer(
          [args[1]!, '--port', '0'],
          cwd,
          args[1] === 'dev' ? /Local:\s+(http:\/\/\S+)/ : /at (http:\/\/\S+)/,
          docgenOf(cwd),
        );
        servers.push(server);
        const home = await fetchText(`${server.url}/`);
        expect(home.status, line).toBe(200);
        expect(home.text, line).toContain('my-docs');
        await server.close();
      } else if (line === 'npm run build') {
        expect(run('npm', ['run', 'build'], cwd)).toMatch(/built \d+ routes/);
      } else {
        throw new Error(`the test does not know how to run the Quick start's \`${line}\``);
      }
    }
    expect(existsSync(path.join(cwd, 'dist/index.html'))).toBe(true);
  }, 900_000);
});
