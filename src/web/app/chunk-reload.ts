// After a deploy an open tab still runs the previous build. The build keeps that build's files
// (scripts/vite/keep-previous-assets.ts), but a tab open across two deploys asks for chunks that are gone: the page
// then reloads once, which fetches the new index.html and its chunks. A second failure within a minute is shown as
// an error instead of reloading again, so a chunk that is really broken cannot loop.
const KEY = 'shop:chunk-reload-at';
const WINDOW_MS = 60_000;

/** The browsers' messages for a lazy chunk (or its stylesheet) that could not be downloaded. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already reloaded for this within the last minute; says whether it did. */
export function reloadOnceForChunk(): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < WINDOW_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite reports a failed preload of a lazy screen's chunks on window before the import itself fails. */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunk()) event.preventDefault();
  });
}
