/**
 * The `docgen` command line (commander). Each command turns its flags into options for the same functions the
 * package exports; one error-and-exit path (Vite cli.ts, Astro throw-and-exit.ts). Heavy modules load lazily so
 * `docgen --help` answers at once.
 */
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { docgenVersion } from './paths.js';
import { normalizeBase } from './serve/base.js'; // node: built-ins only, so --help stays instant

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('a port number from 0 to 65535');
  return port;
}

/** `--allowed-hosts a,b`: host names, comma-separated (host-check.ts). */
function parseHostList(value: string): string[] {
  const hosts = value
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  if (hosts.length === 0)
    throw new InvalidArgumentError('one or more host names separated by commas, e.g. docs.test,.example.test');
  return hosts;
}

/** `--base <path>` of serve: '/handbook/' (serve/base.ts normalizeBase). */
function parseBase(value: string): string {
  try {
    return normalizeBase(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/**
 * Adds the options both servers take (`dev`, `serve`): --port, --host and --allowed-hosts.
 * @param port the default port
 * @returns the command, for chaining
 */
function serverOptions(command: Command, port: number): Command {
  return command
    .option('--port <port>', 'port', parsePort, port)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option(
      '--allowed-hosts <hosts>',
      'host names to answer besides localhost when bound to loopback (comma-separated)',
      parseHostList,
    );
}

/**
 * Runs the CLI.
 * @param argv process.argv
 * @returns exit code (0 success, 1 build/user error, 2 usage error)
 */
export async function runCli(argv: string[]): Promise<number> {
  const program = new Command('docgen')
    .description('Build a fast static documentation site from Markdown and OpenAPI documents.')
    .version(docgenVersion(), '-v, --version')
    .option(
      '--debug',
      'print the stack trace of an internal error (a docgen bug); a mistake in your site never has one',
    )
    .showSuggestionAfterError()
    .exitOverride();
  let exitCode = 0;

  program
    .command('build')
    .description('build the site into the output folder (default dist/), replacing it only on success')
    .option('--root <dir>', 'project folder holding site.config.ts', '.')
    .option('--out-dir <dir>', 'output folder, relative to the project folder')
    .option('--base-url <path>', "base URL the site is served under, e.g. '/docs/'")
    .option('--json', 'print diagnostics as JSON (for CI annotations)')
    .option('--force', 'build everything again: ignore the last build and the page and OpenAPI caches')
    .option('--locale <locale>', 'of a multi-locale site, build only this locale (the others stay as last built)')
    .action(
      async (opts: {
        root: string;
        outDir?: string;
        baseUrl?: string;
        json?: boolean;
        force?: boolean;
        locale?: string;
      }) => {
        exitCode = await withErrors('build', opts.root, opts.json ?? false, async () => {
          process.env.NODE_ENV ??= 'production'; // React's production build for server rendering
          (await import('./build/v8-tiering.js')).delayOptimization(); // before the build's modules run
          const { build } = await import('./build/index.js');
          const result = await build({
            root: opts.root,
            outDir: opts.outDir,
            baseUrl: opts.baseUrl,
            silent: opts.json,
            force: opts.force,
            locale: opts.locale,
          });
          const { printWarnings } = await import('./diagnostics/print.js');
          printWarnings(result.warnings, opts.root, opts.json ?? false);
        });
      },
    );

  serverOptions(program.command('dev'), 3000)
    .description('serve the site from memory with live updates while you edit (renders each page on request)')
    .option('--root <dir>', 'project folder holding site.config.ts', '.')
    .option('--base-url <path>', "base URL the site is served under, e.g. '/docs/'")
    .option('--open', 'open the site in the default browser')
    .action(
      async (opts: {
        root: string;
        port: number;
        host: string;
        baseUrl?: string;
        allowedHosts?: string[];
        open?: boolean;
      }) => {
        exitCode = await withErrors('dev', opts.root, false, async () => {
          // As for build: the dev server's first build is the same pipeline, and ELK's code cache (made under these
          // flags) is taken only with them. First diagram page after start, 6 interleaved runs: 638 -> 549 ms.
          (await import('./build/v8-tiering.js')).delayOptimization();
          const { dev } = await import('./dev/server.js');
          const server = await dev({
            root: opts.root,
            port: opts.port,
            host: opts.host,
            baseUrl: opts.baseUrl,
            allowedHosts: opts.allowedHosts,
            open: opts.open,
          });
          await untilInterrupted();
          await server.close(); // watchers, the esbuild context and every connection: the process can then exit
        });
      },
    );

  serverOptions(program.command('serve'), 4173)
    .description('preview a built site like a static host (base URL, clean URLs, 404.html, _headers)')
    .argument('[dir]', 'folder to serve', 'dist')
    .option(
      '--base-url <path>',
      'base URL to serve under (default: the one the site was built for, from its site.json)',
      parseBase,
    )
    .option('--base <path>', 'the same as --base-url', parseBase)
    .action(
      async (
        dir: string,
        opts: { port: number; host: string; base?: string; baseUrl?: string; allowedHosts?: string[] },
      ) => {
        exitCode = await withErrors('serve', '.', false, async () => {
          const { serve } = await import('./serve/server.js');
          await serve({
            dir,
            port: opts.port,
            host: opts.host,
            base: opts.baseUrl ?? opts.base,
            allowedHosts: opts.allowedHosts,
          });
          await new Promise(() => {}); // serve until interrupted
        });
      },
    );

  const migrate = program
    .command('migrate')
    .description("turn another tool's site into a docgen site (its files are only read)");
  for (const tool of ['docusaurus', 'vitepress'] as const) {
    migrate
      .command(tool)
      .description(
        tool === 'docusaurus'
          ? 'read docusaurus.config.* and sidebars.*, copy docs/ and static/, write site.config.ts and a report'
          : 'read .vitepress/config.*, copy the pages and public/, write site.config.ts and a report',
      )
      .argument(
        '<site>',
        tool === 'docusaurus' ? 'the Docusaurus site folder' : 'the VitePress source folder (holding .vitepress/)',
      )
      .option('--out <dir>', 'folder to write the docgen site to (new or empty)')
      .action(async (site: string, opts: { out?: string }) => {
        exitCode = await withErrors(`migrate ${tool}`, '.', false, async () => {
          const { runMigrate } = await import('./migrate/index.js');
          await runMigrate(tool, site, opts.out);
        });
      });
  }

  program
    .command('version')
    .description(
      'snapshot the current docs and sidebars as a version (versioned_docs/, versioned_sidebars/, versions.json)',
    )
    .argument('<name>', "the version's name, e.g. 2.0")
    .option('--root <dir>', 'project folder holding site.config.ts', '.')
    .action(async (name: string, opts: { root: string }) => {
      exitCode = await withErrors('version', opts.root, false, async () => {
        const [{ loadConfig }, { snapshotVersion }] = await Promise.all([
          import('./config/load.js'),
          import('./content/version-snapshot.js'),
        ]);
        const { config } = await loadConfig(path.resolve(opts.root));
        const result = snapshotVersion(config, name);
        for (const note of result.notes) console.log(`note: ${note}`);
        console.log(
          `version ${name} written: ${path.relative(process.cwd(), result.docs) || '.'}, ${path.relative(process.cwd(), result.sidebars)}; versions.json is now ${JSON.stringify(result.versions)}`,
        );
      });
    });

  program
    .command('init')
    .description('create a starter site: config, home page, three pages, an OpenAPI document, npm scripts')
    .argument('[dir]', 'folder to create the site in: new, empty, or a project with a package.json', '.')
    .addOption(
      new Option('--locale <locale>', 'language of the UI and the starter text').choices(['en', 'ja']).default('en'),
    )
    .action(async (dir: string, opts: { locale: string }) => {
      exitCode = await withErrors('init', '.', false, async () => {
        const { runInit } = await import('./init/index.js');
        await runInit(dir, opts.locale as 'en' | 'ja');
      });
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  return exitCode;
}

/** Resolves on the first SIGINT (Ctrl+C) or SIGTERM. */
function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function withErrors(command: string, root: string, json: boolean, run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    const { printErrors } = await import('./diagnostics/print.js');
    // Read from argv: --debug is the program's option, given before or after the command.
    printErrors(error, root, json, command, process.argv.includes('--debug') || process.env.DOCGEN_DEBUG === '1');
    return 1;
  }
}
