import type { ExposedComponent } from '@agentora/contracts';
import { NewsletterSignup } from '../newsletter/NewsletterSignup';

export default NewsletterSignup satisfies ExposedComponent<'signups', './NewsletterSignup'>;
