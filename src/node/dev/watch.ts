/**
 * The watcher (chokidar 4: no globs, so folders are watched and filtered with an `ignored` function; STYLE.md
 * Watch mode). It watches content/, the folders of the OpenAPI documents, the theme (templates/, src/client,
 * src/shared of docgen), the site's own theme files (site.config.ts `theme` and what they import) and
 * site.config.ts with every local file it imports.
 */
import path from 'node:path';
import { stat } from 'node:fs/promises';
import { watch, type FSWatcher } from 'chokidar';
import fg from 'fast-glob';
import { runtimeFolders } from '../bundle/runtime-files.js';
import { isSiteFile } from '../bundle/runtime-files.js';
import { themeFiles } from '../config/theme.js';
import { docgenRoot } from '../paths.js';
import { siteInputs } from '../site/inputs.js';
import type { DevSession } from './session.js';

/** Absolute paths to watch for a session: files and folders. */
function watchTargets(session: DevSession): string[] {
  const targets = [
    ...session.snapshot.configFiles.filter((f) => !f.includes(`${path.sep}node_modules${path.sep}`)),
    ...themeFolders(),
    ...siteThemeFiles(session),
  ];
  const config = session.snapshot.config;
  if (config) {
    const inputs = siteInputs(config);
    targets.push(inputs.content, ...inputs.folders, ...inputs.files);
    // An OpenAPI document's folder too, for the files its `$ref`s read beside it.
    for (const api of config.apis) targets.push(path.dirname(path.resolve(config.root, api.spec)));
    targets.push(...apiSourceFiles(session));
    // Files the compiled pages' snippet imports name outside content/ (content/ is watched already).
    for (const file of session.cache.importedFiles()) if (!isInside(file, config.contentPath)) targets.push(file);
  } else {
    targets.push(path.join(session.root, 'site.config.ts'));
  }
  return [...new Set(targets)];
}

/** docgen's own theme folders (absolute): every file in them is the theme's. */
export function themeFolders(): string[] {
  const root = docgenRoot();
  return runtimeFolders().map((d) => path.join(root, d));
}

function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/**
 * Every file the loaded OpenAPI documents read (a `$ref` may reach a file outside the document's
 * folder, e.g. `../common/Error.yaml`) and the local images of their descriptions, not the URLs they fetched.
 * @returns absolute paths
 */
export function apiSourceFiles(session: DevSession): string[] {
  const routes = session.snapshot.current?.model.routes ?? [];
  // A URL a `$ref` fetched (config `allowedRemoteOrigins`) is no file to watch.
  const files = routes.flatMap((r) => [...(r.api?.model.files ?? []), ...Object.values(r.api?.model.images ?? {})]);
  return [...new Set(files)].filter((f) => !/^https?:/i.test(f));
}

/**
 * The site's theme files: those site.config.ts `theme` names, and the site files the last server and client bundles
 * read (an override's imports), so an edit of any of them rebuilds the theme and reloads the page.
 * @returns absolute paths
 */
export function siteThemeFiles(session: DevSession): string[] {
  if (!session.snapshot.config) return [];
  const bundled = [...(session.snapshot.renderer?.inputs ?? []), ...(session.snapshot.client?.inputs ?? [])].filter(
    isSiteFile,
  );
  return [...new Set([...themeFiles(session.snapshot.config.theme), ...bundled])];
}

/** Reports the content and config files modified since `since` (ms since the epoch). */
async function reportEditsSince(session: DevSession, since: number, onChange: (file: string) => void): Promise<void> {
  const config = session.snapshot.config;
  if (!config || !Number.isFinite(since)) return;
  // Every input the watcher watches (site/inputs.ts): the content folder, versioned docs and sidebars, the config.
  const inputs = siteInputs(config);
  for (const folder of [inputs.content, ...inputs.folders]) {
    const files = await fg('**/*', {
      cwd: folder,
      absolute: true,
      onlyFiles: true,
      dot: false,
      followSymbolicLinks: false,
      stats: true,
    }).catch(() => []);
    for (const entry of files) if ((entry.stats?.mtimeMs ?? 0) >= since) onChange(path.resolve(entry.path));
  }
  for (const file of [...inputs.files, ...session.snapshot.configFiles]) {
    const mtime = await stat(file).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    if (mtime >= since) onChange(file);
  }
}

export interface DevWatcher {
  /** Watches what the session needs now (after a config reload), unwatching what it no longer needs. */
  update(): void;
  close(): Promise<void>;
}

/**
 * Starts watching.
 * @param onChange called with the absolute path of every added, changed or removed file or folder
 * @param since ms since the epoch when the session started reading its files: a file of the content folder or the
 *   config, or any other input of site/inputs.ts (versioned docs, sidebars) modified after it, before the watcher
 *   was ready to see it (an edit during start-up), is reported too
 */
export function createDevWatcher(
  session: DevSession,
  onChange: (file: string) => void,
  since = Number.POSITIVE_INFINITY,
): DevWatcher {
  let targets = watchTargets(session);
  const watcher: FSWatcher = watch(targets, {
    ignoreInitial: true,
    ignored: (file) => isIgnored(session, file),
  });
  watcher.once('ready', () => void reportEditsSince(session, since, onChange));
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) {
    watcher.on(event, (file: string) => onChange(path.resolve(file)));
  }
  watcher.on('error', () => {}); // a folder that vanished: the next rebuild reports what is missing
  // The project folder itself, one level deep, for site.config.ts and the content folder: a watch on a file or
  // folder ends when it is deleted or renamed, so their return (an editor's atomic save, `git checkout`, a folder
  // renamed back) is seen here, and the content folder is watched again.
  const root = path.resolve(session.root);
  const rootWatcher: FSWatcher = watch(root, {
    ignoreInitial: true,
    depth: 0,
    ignored: (file) =>
      file !== root &&
      path.basename(file) !== 'site.config.ts' &&
      path.resolve(file) !== session.snapshot.config?.contentPath,
  });
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) {
    rootWatcher.on(event, (file: string) => {
      const changed = path.resolve(file);
      if (event === 'addDir' || event === 'add') {
        watcher.unwatch(changed);
        watcher.add(changed);
      }
      onChange(changed);
    });
  }
  rootWatcher.on('error', () => {});
  return {
    update() {
      const next = watchTargets(session);
      const removed = targets.filter((t) => !next.includes(t));
      if (removed.length > 0) watcher.unwatch(removed);
      watcher.add(next.filter((t) => !targets.includes(t)));
      targets = next;
    },
    close: async () => {
      await Promise.all([watcher.close(), rootWatcher.close()]);
    },
  };
}

function isIgnored(session: DevSession, file: string): boolean {
  const base = path.basename(file);
  if (base.startsWith('.') || base === 'node_modules' || /\.timestamp-\d+-[0-9a-f]+\.mjs$/.test(base)) return true;
  const out = session.snapshot.config?.outPath;
  return out !== undefined && (file === out || file.startsWith(out + path.sep));
}
