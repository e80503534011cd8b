/**
 * Debian's Chromium on this closed network: without the background-networking flags it dials Google's services
 * at every start and the refused connections pile up. Shared by the e2e browser and the Lighthouse script.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
