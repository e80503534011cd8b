// The landing feature's public surface.
export { default as LandingPage } from './landing-page';
