import type { ExposedComponent } from '@agentora/contracts';
import { EmailPlacePage } from '../email-links/EmailPlacePage';

export default EmailPlacePage satisfies ExposedComponent<'signups', './EmailPlacePage'>;
