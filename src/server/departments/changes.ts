import type { Executor } from '../db/client';

// Features above departments keep what they derive from them (the catalogue cache keeps each department's catalogue
// and members) and hear of a change here instead of departments importing them. Listeners are added when the app is
// built (src/server/wiring.ts); a listener runs after the change has committed.

type Listener = (db: Executor) => void;
const listeners = new Set<Listener>();

export function onDepartmentsChanged(listener: Listener) {
  listeners.add(listener);
}

export function departmentsChanged(db: Executor) {
  for (const listener of listeners) listener(db);
}
