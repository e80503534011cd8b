import { ContactCta } from './contact-cta';
import { HowItWorks } from './how-it-works';
import { Services } from './services';
import { VisitUs } from './visit-us';

/** Everything below the hero: its own chunk, so the first paint ships only the hero. */
export default function LandingDetails() {
  return (
    <>
      <Services />
      <HowItWorks />
      <VisitUs />
      <ContactCta />
    </>
  );
}
