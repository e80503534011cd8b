import { createRequire } from 'node:module';

/**
 * Playwright waits for a locator by polling it at 0, 20, 50, 100, 100 ms and then every 500 ms, with no option to
 * change it. A screen that renders at 300 ms is seen at 770 ms: the every-screen checks spent most of their time there
 * on an idle machine. The same waits here poll every 75 ms after the first few tries. Should an upgrade of Playwright
 * rename what this replaces, it replaces nothing and the waits are Playwright's own again.
 */
const SCHEDULE = [10, 25, 50, 75];
type FrameProto = {
  retryWithProgressAndTimeouts?: (progress: unknown, timeouts: number[], action: unknown) => Promise<unknown>;
  retryWithProgressAndBackoff?: unknown;
};

let patched = false;
export function pollLocatorsFaster(): void {
  if (patched) return;
  patched = true;
  const require = createRequire(import.meta.url);
  const core = require('playwright-core/lib/coreBundle') as {
    server?: { Page?: { prototype: { mainFrame?: (this: unknown) => object } } };
  };
  const pageProto = core.server?.Page?.prototype;
  const mainFrame = pageProto?.mainFrame;
  if (!pageProto || !mainFrame) return;
  // The frame class is not exported: it is reached through the first page's main frame.
  pageProto.mainFrame = function (this: unknown) {
    const frame = mainFrame.call(this);
    pageProto.mainFrame = mainFrame;
    const proto = Object.getPrototypeOf(frame) as FrameProto;
    const retry = proto.retryWithProgressAndTimeouts;
    if (typeof retry === 'function' && typeof proto.retryWithProgressAndBackoff === 'function') {
      proto.retryWithProgressAndBackoff = function (this: FrameProto, progress: unknown, action: unknown) {
        return retry.call(this, progress, SCHEDULE, action);
      };
    }
    return frame;
  };
}
