/**
 * axe-core in Chromium (issue #5: zero serious or critical violations), for any page of a built site.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; nodes: { target: string[]; any?: { message: string }[] }[] };

/**
 * Runs axe-core on the page as it is.
 * @returns one line per serious or critical violation (id, impact, first three nodes); [] when there is none
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // content-visibility: auto skips rendering off-screen parts of long API pages, which makes axe read wrong
  // background colours there; colours are the same once rendered. A constructed style sheet and an evaluated
  // script, not <style> and <script> elements: `docgen serve` sends the site's strict CSP, which blocks inline ones.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { content-visibility: visible !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.any?.[0]?.message ?? ''}`).join(', ')}`);
}
