// Connections outnumber the garments, so two could edit one at once and each read back the other's text. One editor
// per garment at a time, as in a real back office; the wait is not in any latency (only answers are timed).
export type ProductLocks = Map<number, Promise<void>>;

export async function exclusive<T>(locks: ProductLocks, id: number, work: () => Promise<T>): Promise<T> {
  const mine = (locks.get(id) ?? Promise.resolve()).then(work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  locks.set(id, settled);
  try {
    return await mine;
  } finally {
    if (locks.get(id) === settled) locks.delete(id);
  }
}
