import type { ExposedComponent } from '@agentora/contracts';
import { FooterNewsletter } from '../newsletter/FooterNewsletter';

export default FooterNewsletter satisfies ExposedComponent<'signups', './FooterNewsletter'>;
