// How long something has waited, for the staff screens that show orders' ages (the order list, the Today page).

/** "just now", "12 min ago", "3 h ago", "2 d ago": how long an order has waited. */
export function formatAge(at: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(at)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
