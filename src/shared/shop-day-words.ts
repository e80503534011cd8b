// A shop calendar day as people read it. No Zod here, so the landing's first load can show days; the formatters are
// built on first use (building one loads ICU data, see money.ts).

const dayFormat = (year: boolean) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
let withYear: Intl.DateTimeFormat | undefined;
let withoutYear: Intl.DateTimeFormat | undefined;

/** "Wed, Dec 2, 2026" (or "Wed, Dec 2"): a shop day is a calendar day, read at UTC noon so no zone moves it. */
export function formatDueDay(day: string, year = true): string {
  const format = year ? (withYear ??= dayFormat(true)) : (withoutYear ??= dayFormat(false));
  return format.format(new Date(`${day}T12:00:00Z`));
}
