// The profile feature's public surface. The profile modal loads on demand by its path.
export { NEEDS_PROFILE } from './needs-profile';
