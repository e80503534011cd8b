import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The browser a run uses and the environment it is started with (fonts for the npm-shipped build). */
export type ChromiumBinary = { executablePath: string; source: string; env: Record<string, string> };

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const SYSTEM_FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts'];

/**
 * CHROMIUM_PATH, else Debian's Chromium, else the Chromium that @sparticuz/chromium carries inside its npm package
 * (unpacked into the temporary folder once; later runs reuse it), so `npm ci && npm test` needs nothing from apt.
 * TEST_BARE_MACHINE=1 goes straight to the npm one, as on a machine with nothing installed (CI proves it so).
 */
export async function resolveChromium(): Promise<ChromiumBinary> {
  const bare = process.env.TEST_BARE_MACHINE === '1';
  const asked = process.env.CHROMIUM_PATH;
  if (asked && !bare) return { executablePath: asked, source: `CHROMIUM_PATH (${asked})`, env: {} };
  if (fs.existsSync(SYSTEM_CHROMIUM) && !bare) {
    return { executablePath: SYSTEM_CHROMIUM, source: SYSTEM_CHROMIUM, env: {} };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  return {
    executablePath,
    source: `@sparticuz/chromium from npm (${executablePath})`,
    env: { FONTCONFIG_PATH: writeFontConfig(path.join(os.tmpdir(), 'fonts')) },
  };
}

/**
 * A fontconfig file naming the package's fonts and the system's (when there are any), so text is never blank. One
 * folder for every run, so its font cache is built once.
 */
function writeFontConfig(packagedFonts: string): string {
  const dir = path.join(os.tmpdir(), 'shop-fontconfig');
  fs.mkdirSync(dir, { recursive: true });
  const dirs = [packagedFonts, ...SYSTEM_FONT_DIRS.filter((d) => fs.existsSync(d))];
  fs.writeFileSync(
    path.join(dir, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs
      .map((d) => `  <dir>${d}</dir>`)
      .join('\n')}\n  <cachedir>${path.join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return dir;
}
