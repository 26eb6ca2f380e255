import type { ExposedComponent } from '@agentora/contracts';
import { EmailConfirmPage } from '../email-links/EmailConfirmPage';

export default EmailConfirmPage satisfies ExposedComponent<'signups', './EmailConfirmPage'>;
