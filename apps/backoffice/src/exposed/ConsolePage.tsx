import type { ExposedComponent } from '@agentora/contracts';
import { ConsolePage } from '../layout/ConsolePage';

export default ConsolePage satisfies ExposedComponent<'backoffice', './ConsolePage'>;
