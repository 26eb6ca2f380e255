import type { ExposedComponent } from '@agentora/contracts';
import { CareersPage } from '../page/CareersPage';

export default CareersPage satisfies ExposedComponent<'careers', './CareersPage'>;
