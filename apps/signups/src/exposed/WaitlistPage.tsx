import type { ExposedComponent } from '@agentora/contracts';
import { WaitlistPage } from '../waitlist/WaitlistPage';

export default WaitlistPage satisfies ExposedComponent<'signups', './WaitlistPage'>;
