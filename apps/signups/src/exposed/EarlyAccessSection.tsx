import type { ExposedComponent } from '@agentora/contracts';
import { EarlyAccessSection } from '../early-access/EarlyAccessSection';

export default EarlyAccessSection satisfies ExposedComponent<'signups', './EarlyAccessSection'>;
