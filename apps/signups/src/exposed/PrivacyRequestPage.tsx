import type { ExposedComponent } from '@agentora/contracts';
import { PrivacyRequestPage } from '../privacy/PrivacyRequestPage';

export default PrivacyRequestPage satisfies ExposedComponent<'signups', './PrivacyRequestPage'>;
