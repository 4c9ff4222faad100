/**
 * Serving a built site under its own Content-Security-Policy in Chromium, as a host using dist/_headers would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** The policy the build emitted in `<dist>/_headers`. */
export function emittedPolicy(dist: string): string {
  return /Content-Security-Policy: (.+)/.exec(readFileSync(path.join(dist, '_headers'), 'utf8'))![1]!;
}

/**
 * Adds the policy to every response of the site at `siteUrl` (other origins pass through untouched) and records
 * every violation in the page (read them with `violations(page)`).
 * @returns a function that removes the interception, to call before closing the context
 */
export async function enforcePolicy(
  context: BrowserContext,
  siteUrl: string,
  csp: string,
): Promise<() => Promise<void>> {
  await context.route(`${siteUrl}/**`, async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
    } catch {
      await route.abort().catch(() => {}); // a prefetch cut off by the next navigation
    }
  });
  await recordViolations(context);
  return () => context.unrouteAll({ behavior: 'ignoreErrors' });
}

/** Records every CSP violation in the context's pages (read them with `violations(page)`), whatever sent the policy. */
export async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const list: string[] = ((window as unknown as { violations: string[] }).violations = []);
    document.addEventListener('securitypolicyviolation', (event) =>
      list.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

/** The CSP violations the page recorded so far. */
export function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}
