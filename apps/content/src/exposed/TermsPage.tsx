import type { ExposedComponent } from '@agentora/contracts';
import { TermsPage } from '../pages/legal/TermsPage';

export default TermsPage satisfies ExposedComponent<'content', './TermsPage'>;
