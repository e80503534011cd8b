import { screenTests } from './support/screens';

// Every screen at 390x844 (with axe) and 844x390 (the store with axe); the wide sizes are in screens-wide.e2e.test.ts.
screenTests(['phone', 'phoneLandscape']);
