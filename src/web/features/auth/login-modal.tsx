// Placeholder slot: the owning feature replaces this with a self-contained modal that listens for its
// open event (lib/events.ts) and manages its own state. Mounted once by app/global-modals.tsx.
export default function PlaceholderModal() {
  return null;
}
