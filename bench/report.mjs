/**
 * The benchmark's goals (the figures) and its two printed forms: a plain-text table for the terminal and a
 * Markdown report. Units: seconds; RSS in MB = 10^6 bytes; first-load sizes in KiB = 1,024 bytes of gzip -9, the
 * unit docgen's own build report prints.
 */

const KIB = 1024;
const MB = 1e6;

const fmt = {
  s: (ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '–'),
  mb: (b) => (Number.isFinite(b) ? (b / MB).toFixed(0) : '–'),
  kib: (b) => (Number.isFinite(b) ? (b / KIB).toFixed(1) : '–'),
  int: (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '–'),
  num: (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–'),
};

/**
 * Checks every goal against the results.
 * @param {object} results the object run.mjs writes to latest.json
 * @returns {{ goal: string, target: string, measured: string, pass: boolean | null }[]} pass is null when the figure
 *   was not measured (size not run, Lighthouse skipped…)
 */
export function evaluateGoals(results) {
  const goals = [];
  const add = (goal, target, value, show, ok) =>
    goals.push({
      goal,
      target,
      measured: Number.isFinite(value) ? show(value) : 'not measured',
      pass: Number.isFinite(value) ? ok(value) : null,
    });
  const site = results.sites.find((s) => s.id === 'site');
  const corpus = (n) => results.sites.find((s) => s.id === `corpus-${n}`);
  const cold = (s) => s?.cold?.medianMs ?? NaN;
  add(
    'This site: cold build',
    '≤ 1.5 s',
    cold(site),
    (v) => `${fmt.s(v)} s`,
    (v) => v <= 1500,
  );
  add(
    'This site: warm build (nothing changed)',
    '≤ 0.5 s',
    site?.warm?.medianMs ?? NaN,
    (v) => `${fmt.s(v)} s`,
    (v) => v <= 500,
  );
  add(
    '1,000 pages: cold build',
    '≤ 8 s',
    cold(corpus(1000)),
    (v) => `${fmt.s(v)} s`,
    (v) => v <= 8000,
  );
  add(
    '1,000 pages: peak RSS (cold)',
    '≤ 500 MB',
    corpus(1000)?.cold?.medianRssBytes ?? NaN,
    (v) => `${fmt.mb(v)} MB`,
    (v) => v <= 500 * MB,
  );
  add(
    '10,000 pages: cold build',
    '≤ 80 s',
    cold(corpus(10000)),
    (v) => `${fmt.s(v)} s`,
    (v) => v <= 80000,
  );
  add(
    '10,000 pages: peak RSS (cold)',
    '≤ 1 GB',
    corpus(10000)?.cold?.medianRssBytes ?? NaN,
    (v) => `${fmt.mb(v)} MB`,
    (v) => v <= 1000 * MB,
  );
  add(
    '10,000 pages: rebuild after editing one page',
    '≤ 1 s',
    corpus(10000)?.incremental?.medianMs ?? NaN,
    (v) => `${fmt.s(v)} s`,
    (v) => v <= 1000,
  );
  const bpp1 = corpus(1000)?.bytesPerPage ?? NaN;
  const bpp10 = corpus(10000)?.bytesPerPage ?? NaN;
  add(
    'Bytes per page: 10,000 vs 1,000 pages',
    'within 10 %',
    Number.isFinite(bpp1) ? bpp10 / bpp1 - 1 : NaN,
    (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} % (${fmt.int(bpp10)} vs ${fmt.int(bpp1)} B)`,
    (v) => Math.abs(v) <= 0.1,
  );
  for (const s of results.sites) {
    const doc = s.firstLoad?.doc;
    add(
      `Doc page first load, total (${s.label}: ${doc?.page ?? 'doc page'})`,
      '≤ 90 KiB gzip',
      doc?.total ?? NaN,
      (v) => `${fmt.kib(v)} KiB`,
      (v) => v <= 90 * KIB,
    );
    add(
      `Doc page first load, JS (${s.label})`,
      '≤ 80 KiB gzip',
      doc?.js ?? NaN,
      (v) => `${fmt.kib(v)} KiB`,
      (v) => v <= 80 * KIB,
    );
  }
  const spread = site?.firstLoadDocs;
  add(
    `Doc page first load, total (this site, all ${spread?.count ?? '?'} doc pages)`,
    '≤ 90 KiB gzip',
    spread?.maxBytes ?? NaN,
    (v) =>
      `${spread.within} of ${spread.count} within; median ${fmt.kib(spread.medianBytes)}, max ${fmt.kib(v)} KiB (${spread.maxPage})`,
    (v) => v <= 90 * KIB,
  );
  const doc = site?.firstLoad?.doc;
  add(
    'Doc page: render-blocking scripts (this site)',
    'none',
    doc ? doc.blockingScripts.length : NaN,
    (v) => String(v),
    (v) => v === 0,
  );
  const lhDoc = results.lighthouse.find((l) => l.id === 'site-doc');
  add(
    'Doc page: Lighthouse mobile performance',
    '≥ 98',
    lhDoc?.performance ?? NaN,
    (v) => String(v),
    (v) => v >= 98,
  );
  add(
    'Doc page: Lighthouse total blocking time',
    '≤ 100 ms',
    lhDoc?.tbtMs ?? NaN,
    (v) => `${fmt.int(v)} ms`,
    (v) => v <= 100,
  );
  const gh = results.github;
  add(
    'GitHub REST API: build',
    '≤ 10 s',
    gh?.build?.medianMs ?? NaN,
    (v) => `${fmt.s(v)} s`,
    (v) => v <= 10000,
  );
  const lhGh = results.lighthouse.find((l) => l.id === 'github-api');
  add(
    'GitHub REST API page: Lighthouse total blocking time',
    '≤ 200 ms',
    lhGh?.tbtMs ?? NaN,
    (v) => `${fmt.int(v)} ms`,
    (v) => v <= 200,
  );
  add(
    'GitHub REST API page: longest task in Chromium (first 10 s)',
    '< 200 ms',
    gh?.responsiveness?.longestTaskMs ?? NaN,
    (v) => `${fmt.int(v)} ms`,
    (v) => v < 200,
  );
  return goals;
}

const mark = (pass) => (pass === true ? 'pass' : pass === false ? 'FAIL' : '–');

/** Pads cells into aligned columns (first column left, the rest right). */
function columns(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  '))
    .join('\n');
}

function buildRows(results) {
  const head = [
    'site',
    'pages',
    'cold s',
    'warm s',
    'edit 1 page s',
    'peak RSS MB',
    'bytes/page',
    'HTML B/page',
    'failed builds',
  ];
  const rows = results.sites.map((s) => [
    s.label,
    fmt.int(s.routes),
    fmt.s(s.cold.medianMs),
    fmt.s(s.warm.medianMs),
    fmt.s(s.incremental.medianMs),
    fmt.mb(s.cold.medianRssBytes),
    fmt.int(s.bytesPerPage),
    fmt.int(s.htmlBytesPerPage),
    String(s.failures.length),
  ]);
  const gh = results.github;
  if (gh?.build)
    rows.push([
      'GitHub REST API',
      fmt.int(gh.build.routes),
      fmt.s(gh.build.medianMs),
      '–',
      '–',
      fmt.mb(gh.build.medianRssBytes),
      '–',
      '–',
      String(gh.failures?.length ?? 0),
    ]);
  return [head, ...rows];
}

function stageRows(results) {
  const runs = [
    ...results.sites.map((s) => [s.label, s.stages ?? {}]),
    ...(results.github?.build?.stages ? [['GitHub REST API', results.github.build.stages]] : []),
  ];
  const names = [...new Set(runs.flatMap(([, st]) => Object.keys(st)))];
  return [
    ['stage (last cold build, s)', ...runs.map(([label]) => label)],
    ...names.map((n) => [n, ...runs.map(([, st]) => fmt.s(st[n]))]),
  ];
}

function firstLoadRows(results) {
  const head = ['page (gzip -9, KiB)', 'HTML', 'CSS', 'JS', 'JSON', 'total', 'blocking scripts'];
  const rows = [];
  const push = (label, f) =>
    f &&
    rows.push([
      label,
      fmt.kib(f.html),
      fmt.kib(f.css),
      fmt.kib(f.js),
      fmt.kib(f.json),
      fmt.kib(f.total),
      String(f.blockingScripts.length),
    ]);
  for (const s of results.sites) {
    push(`${s.label}: ${s.firstLoad?.doc?.page ?? 'doc page'}`, s.firstLoad?.doc);
    push(`${s.label}: ${s.firstLoad?.api?.page ?? 'API page'}`, s.firstLoad?.api);
  }
  push(`GitHub REST API: ${results.github?.firstLoad?.page ?? ''}`, results.github?.firstLoad);
  return [head, ...rows];
}

function lighthouseRows(results) {
  const head = ['Lighthouse (mobile)', 'runs', 'performance', 'TBT ms', 'FCP ms', 'LCP ms', 'note'];
  return [
    head,
    ...results.lighthouse.map((l) => [
      l.label,
      String(l.runs?.length ?? 0),
      fmt.num(l.performance),
      fmt.int(l.tbtMs),
      fmt.int(l.fcpMs),
      fmt.int(l.lcpMs),
      l.error ?? '',
    ]),
  ];
}

function chromiumRows(results) {
  const r = results.github?.responsiveness;
  if (!r) return null;
  if (r.error)
    return [
      ['GitHub API page in Chromium', 'error'],
      ['', r.error],
    ];
  return [
    ['GitHub API page in Chromium (median)', 'value'],
    ['DOMContentLoaded ms', fmt.int(r.domContentLoadedMs)],
    ['hydrated ms', fmt.int(r.hydratedMs)],
    ['long tasks, first 10 s', fmt.int(r.longTasks)],
    ['longest task, first 10 s ms', fmt.int(r.longestTaskMs)],
    ['total blocking time, first 10 s ms', fmt.int(r.blockingMs)],
    ['click → filter focused ms', fmt.int(r.clickToFocusMs)],
    ['type → filtered ms (key by key)', fmt.int(r.typeToFilterMs)],
    ['filter latency ms (whole query)', fmt.int(r.filterMs)],
    [`nav click → operation shown ms (${r.navTarget ?? ''})`, fmt.int(r.navClickMs)],
    ['longest task during interactions ms', fmt.int(r.interactionLongestTaskMs)],
  ];
}

function outputRows(results) {
  const o = results.github?.output;
  if (!o) return null;
  return [
    ['GitHub API reference output', 'raw', 'gzip -9'],
    ['page HTML (KiB)', fmt.kib(o.pageRaw), fmt.kib(o.pageGzip)],
    ['reference fragment, client-side navigation (KiB)', fmt.kib(o.fragmentRaw), '–'],
    [`parts: ${o.parts} (MB)`, fmt.num(o.partRaw / MB, 2), fmt.num(o.partGzip / MB, 2)],
    ['largest part (KiB)', fmt.kib(o.largestPartRaw), '–'],
  ];
}

function header(results) {
  const m = results.machine;
  return `docgen benchmark ${results.date}: ${m.cores} cores (${m.cpu}), ${fmt.mb(m.totalMemBytes)} MB RAM, Node ${m.node}, ${m.platform}; load average at start ${m.loadAverage.map((x) => x.toFixed(2)).join(' ')}
mode: ${results.options.quick ? 'quick' : 'full'}, ${results.options.runs} runs per build (medians), sizes ${results.options.sizes.join(', ')}`;
}

/**
 * The terminal report.
 * @param {object} results as written to latest.json (goals included)
 * @returns {string}
 */
export function formatConsole(results) {
  const parts = [
    header(results),
    columns(buildRows(results)),
    columns(stageRows(results)),
    columns(firstLoadRows(results)),
  ];
  if (results.lighthouse.length) parts.push(columns(lighthouseRows(results)));
  if (results.notes.length) parts.push(results.notes.map((n) => `note: ${n}`).join('\n'));
  const output = outputRows(results);
  if (output) parts.push(columns(output));
  const chromium = chromiumRows(results);
  if (chromium) parts.push(columns(chromium));
  parts.push(
    columns([
      ['goal', 'target', 'measured', 'result'],
      ...results.goals.map((g) => [g.goal, g.target, g.measured, mark(g.pass)]),
    ]),
  );
  return parts.join('\n\n') + '\n';
}

/** Rows as a Markdown table (first column left-aligned, the rest right-aligned). */
function markdownTable(rows, leftColumns = 1) {
  const line = (r) => `| ${r.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [
    line(rows[0]),
    line(rows[0].map((_, i) => (i < leftColumns ? '---' : '---:'))),
    ...rows.slice(1).map(line),
  ].join('\n');
}

/**
 * The Markdown report (latest.md): machine, goals with pass/fail, then the measured tables.
 * @param {object} results as written to latest.json (goals included)
 * @returns {string}
 */
export function formatMarkdown(results) {
  const goals = [
    ['goal', 'target', 'measured', 'result'],
    ...results.goals.map((g) => [
      g.goal,
      g.target,
      g.measured,
      g.pass === true ? '✅ pass' : g.pass === false ? '❌ fail' : 'not measured',
    ]),
  ];
  const parts = [
    '# docgen benchmark',
    header(results)
      .split('\n')
      .map((l) => `${l}  `)
      .join('\n'),
    '## Goals',
    markdownTable(goals, 2),
    '## Builds (medians)',
    'Cold: `dist/` and `node_modules/.cache/docgen` removed first. Warm: built again with nothing changed. Edit 1 page: one Markdown file changed, then built. Bytes per page: the whole output folder divided by the routes.',
    markdownTable(buildRows(results)),
    "## Stages of the last cold build (docgen's report)",
    markdownTable(stageRows(results)),
    '## First load (gzip -9)',
    'The HTML, its stylesheets, module script and modulepreloads, and `<link rel="preload" as="fetch">` JSON.',
    markdownTable(firstLoadRows(results)),
  ];
  if (results.lighthouse.length) parts.push('## Lighthouse', markdownTable(lighthouseRows(results)));
  const output = outputRows(results);
  if (output) parts.push('## GitHub REST API reference output', markdownTable(output));
  const chromium = chromiumRows(results);
  if (chromium)
    parts.push(
      '## GitHub REST API page in Chromium',
      'Headless Chromium, no throttling, 1280×800; long tasks and blocking time over the first 10 s after navigation start.',
      markdownTable(chromium),
    );
  if (results.notes.length) parts.push('## Notes', results.notes.map((n) => `- ${n}`).join('\n'));
  parts.push('![median cold build time against page count](build-time.svg)');
  return parts.join('\n\n') + '\n';
}
