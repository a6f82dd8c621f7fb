import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The axe findings of serious or critical impact on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A menu left by a click (its item opened a dialog) lingers for its closing transition with
  // its items already gone: audit the page as it settles, not that frame.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role="menu"]')).every((menu) => menu.querySelector('[role="menuitem"]')),
  );
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(' | ')})`);
}
