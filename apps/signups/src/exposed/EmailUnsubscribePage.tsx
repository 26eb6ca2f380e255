import type { ExposedComponent } from '@agentora/contracts';
import { EmailUnsubscribePage } from '../email-links/EmailUnsubscribePage';

export default EmailUnsubscribePage satisfies ExposedComponent<'signups', './EmailUnsubscribePage'>;
