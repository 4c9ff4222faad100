/**
 * axe-core in Chromium (zero serious or critical violations), for any page of a built site.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; nodes: { target: string[]; any?: { message: string }[] }[] };

/**
 * Runs axe-core on the page as it is (axe's default full-page run, as Lighthouse runs it).
 * @returns one line per serious or critical violation (id, impact, first three nodes); [] when there is none
 */
export async function axeViolations(page: Page, options: { renderAll?: boolean } = {}): Promise<string[]> {
  // By default the page is checked as a site owner's axe or Lighthouse run sees it: no scrolling, nothing forced.
  // renderAll: a split API reference keeps content-visibility: auto on its parts (templates/styles/api.css),
  // which makes axe read wrong background colours off screen; colours are the same once rendered. A constructed
  // style sheet and an evaluated script, not <style> and <script> elements: `docgen serve` sends the site's strict
  // CSP, which blocks inline ones.
  if (options.renderAll) {
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('* { content-visibility: visible !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
  }
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.any?.[0]?.message ?? ''}`)
          .join(', ')}`,
    );
}
