/**
 * What a VitePress page uses that docgen does not run, reported with file:line: Vue (`<script setup>`, `<style>`,
 * components by capitalised tag). `[[toc]]` and `<<<` snippet imports are docgen's too; `@include`, plugin tabs and
 * static `{{ }}` are rewritten by vitepress-rewrite.ts, which reports the rest. Fenced code is skipped.
 */
import { readFileSync } from 'node:fs';
import type { MigrationReport } from './report.js';

const CHECKS: [RegExp, string][] = [
  [/^<script\b/, 'Vue <script> block: docgen does not run code from pages'],
  [/^<style\b/, 'Vue <style> block: page styles go in theme.css of site.config.ts'],
  // <Badge> is VitePress' own and docgen's too (markdown/badge.ts).
  [/<((?!Badge[\s/>])[A-Z][A-Za-z0-9]*)[\s/>]/, 'Vue component <$1>: map it with theme.mdxComponents or remove it'],
];

/**
 * Reports the Vue and markdown-it constructs of one page.
 * @param file absolute path; `shown` its path as the report names it
 */
export function reportVuePages(report: MigrationReport, file: string, shown: string): void {
  let fence: string | undefined;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? undefined : marker;
        return;
      }
      if (fence) return;
      const code = line.replace(/`[^`]*`/g, '');
      for (const [pattern, message] of CHECKS) {
        const match = pattern.exec(code);
        if (match) report.add(shown, message.replace('$1', match[1] ?? ''), index + 1);
      }
    });
}
