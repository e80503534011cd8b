// Shared look of the header dropdowns.
export const menuContent =
  'z-50 min-w-56 rounded-xl border border-gray-700 bg-ink-900 p-1.5 text-gray-100 shadow-2xl shadow-black/50 data-[state=open]:animate-in';
export const menuItem =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-gray-800 data-[highlighted]:text-white';
