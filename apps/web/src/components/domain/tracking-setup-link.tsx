import { ButtonLink } from '../ui/button-link';

/** The way out of an empty screen: no data usually means the tracking script is not on the site yet. */
export function TrackingSetupLink() {
  return <ButtonLink to="/tracking-script">Set up tracking script</ButtonLink>;
}
