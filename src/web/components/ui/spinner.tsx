import { cx } from './cx';

/**
 * A spinning circle; decorative, since the busy control says aria-busy. Drawn here rather than taken from lucide so
 * the landing's first load (which has a Button) does not pull in the shared icon chunk.
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      className={cx('h-4 w-4 shrink-0 animate-spin', className)}
    >
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </svg>
  );
}
