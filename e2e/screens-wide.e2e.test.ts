import { screenTests } from './support/screens';

// Every screen at 1280x800 (with axe) and 1024x768; the phone sizes are in screens-narrow.e2e.test.ts.
screenTests(['desktop', 'tablet']);
