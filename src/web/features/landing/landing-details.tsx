import { Catalogue } from './catalogue';
import { ContactCta } from './contact-cta';
import { HowItWorks } from './how-it-works';
import { Services } from './services';
import { VisitUs } from './visit-us';

// Below the fold as they arrive: the browser lays each out when it nears the viewport, not all in the task that
// adds them (a long task right after the first paint on a slow phone). `auto` keeps the size once measured.
const LATER = '[content-visibility:auto] [contain-intrinsic-size:auto_720px]';

/** Everything below the hero: its own chunk, so the first paint ships only the hero. */
export default function LandingDetails() {
  return (
    <>
      <div className={LATER}>
        <Services />
      </div>
      <div className={LATER}>
        <Catalogue />
      </div>
      <div className={LATER}>
        <HowItWorks />
      </div>
      <div className={LATER}>
        <VisitUs />
      </div>
      <div className={LATER}>
        <ContactCta />
      </div>
    </>
  );
}
