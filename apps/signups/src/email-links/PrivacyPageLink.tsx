import { Link } from 'react-router-dom';
import type { SitePath } from '@agentora/data/routes';

const PRIVACY_REQUEST_PATH: SitePath = '/privacy/erase';

/** The privacy page where a visitor asks for a copy of their records, or their deletion. */
export function PrivacyPageLink({ children = 'privacy page' }: { children?: string }) {
  return <Link to={PRIVACY_REQUEST_PATH}>{children}</Link>;
}
