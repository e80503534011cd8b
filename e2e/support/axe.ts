import path from 'node:path';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 A and AA rules; without tags every axe rule runs (best practices too). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SCRIPT = path.resolve('node_modules/axe-core/axe.min.js');

/**
 * axe-core's serious and critical findings on the page, each as "impact id (help): the first targets". The page's
 * context must bypass CSP (the shop's policy rightly refuses an injected script). axe is injected once per document.
 * resultTypes: only violations get every node's selector built: passes and incompletes stop at one node, which is
 * where axe spends most of its time on a long page (the every-screen checks: 0.55 s a page before).
 */
export async function axeFindings(page: Page, tags?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  await transitionsDone(page);
  return page.evaluate(async (only) => {
    type Result = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'tag', values: only } } : {}),
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id} (${v.help}): ${v.nodes
            .slice(0, 5)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  }, tags ?? null);
}

/**
 * Waits for the page's running transitions and finite animations to end (spinners run for ever and are left alone).
 * axe reads colours from the computed style: a button whose colour is halfway through a 150 ms transition (a choice
 * just made, data that just came in) can measure below 4.5:1 on a loaded machine although neither end does.
 */
async function transitionsDone(page: Page) {
  // Five seconds at most, and said when it happens: an animation that never ends (a page the browser draws no frame
  // for) would otherwise hold the check until the test's own timeout, which names no step.
  const stuck = await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    const done = Promise.all(running.map((a) => a.finished.catch(() => undefined))).then(() => null);
    const late = new Promise<string>((resolve) =>
      setTimeout(
        () =>
          resolve(
            running
              .filter((a) => a.playState === 'running')
              .map((a) =>
                a instanceof CSSAnimation
                  ? `animation ${a.animationName}`
                  : a instanceof CSSTransition
                    ? `transition ${a.transitionProperty}`
                    : a.constructor.name,
              )
              .join(', '),
          ),
        5_000,
      ),
    );
    return Promise.race([done, late]);
  });
  if (stuck !== null)
    console.warn(`axe: animations still running after 5 s on ${page.url()}: ${stuck || 'none named'}`);
}
