/** A small pill with a count; nothing when the count is zero. */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      aria-label={`${count} ${label}`}
      className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-brand-500 px-1.5 py-0.5 text-xs font-bold text-ink-950"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
