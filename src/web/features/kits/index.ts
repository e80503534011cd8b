// Department kits in the store: the strip above the catalogue (its dialog loads on demand).
export { KitsStrip } from './kits-strip';
