import type { KeyboardEvent } from 'react';

/**
 * Where an arrow, Home or End key moves in a row of items that is one Tab stop (tabs, radio groups), wrapping at the
 * ends and skipping disabled items; null for any other key.
 */
export function rovingTarget(e: KeyboardEvent, index: number, disabled: readonly boolean[]): number | null {
  const count = disabled.length;
  const step = ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 } as Record<string, number>)[e.key];
  let start: number;
  let dir: number;
  if (step) [start, dir] = [index + step, step];
  else if (e.key === 'Home') [start, dir] = [0, 1];
  else if (e.key === 'End') [start, dir] = [count - 1, -1];
  else return null;
  for (let n = 0; n < count; n++) {
    const i = (((start + dir * n) % count) + count) % count;
    if (!disabled[i]) return i;
  }
  return null;
}
