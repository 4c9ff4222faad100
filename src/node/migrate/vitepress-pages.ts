/**
 * What a VitePress page uses that docgen does not run, reported with file:line: Vue (`<script setup>`, `<style>`,
 * components by capitalised tag). `[[toc]]` and `<<<` snippet imports are docgen's too; `@include`, plugin tabs and
 * static `{{ }}` are rewritten by vitepress-rewrite.ts, which reports the rest. Fenced code is skipped.
 */
import { readFileSync } from 'node:fs';
import { forEachMdxLine, type MigrationReport } from './report.js';

const CHECKS: [RegExp, string][] = [
  [/^<script\b/, 'Vue <script> block: docgen does not run code from pages'],
  [/^<style\b/, 'Vue <style> block: page styles go in theme.css of site.config.ts'],
];

/** A Vue component by its capitalised tag; <Badge> is VitePress' own and docgen's too (markdown/badge.ts). */
const COMPONENT = /<((?!Badge[\s/>])[A-Z][A-Za-z0-9]*)[\s/>]/g;

/** The components already reported, per migration: one line per component kind, at its first use. */
const reportedComponents = new WeakMap<MigrationReport, Set<string>>();

/**
 * Reports the Vue and markdown-it constructs of one page. A Vue component is reported once per migration, at the
 * first use met (pages in the order given), with the number of uses on that page.
 * @param file absolute path; `shown` its path as the report names it
 * @param rendered the components migrate renders into the pages itself (vue-components.ts): not reported
 * @param text the page's text after that rendering (line for line the file's), else the file is read
 */
export function reportVuePages(
  report: MigrationReport,
  file: string,
  shown: string,
  rendered: ReadonlySet<string> = new Set(),
  text: string = readFileSync(file, 'utf8'),
): void {
  let reported = reportedComponents.get(report);
  if (!reported) reportedComponents.set(report, (reported = new Set()));
  const uses = new Map<string, { line: number; count: number }>();
  forEachMdxLine(text, (line, index) => {
    const code = line.replace(/`[^`]*`/g, '');
    for (const [pattern, message] of CHECKS) {
      const match = pattern.exec(code);
      if (match) report.add(shown, message, index + 1);
    }
    for (const [, name] of code.matchAll(COMPONENT)) {
      const use = uses.get(name!);
      if (use) use.count++;
      else uses.set(name!, { line: index + 1, count: 1 });
    }
  });
  for (const [name, { line, count }] of uses) {
    if (reported.has(name) || rendered.has(name)) continue;
    reported.add(name);
    const more = count > 1 ? ` (${count} uses on this page; later pages not listed)` : ' (later pages not listed)';
    report.add(shown, `Vue component <${name}>: map it with theme.mdxComponents or remove it${more}`, line);
  }
}
