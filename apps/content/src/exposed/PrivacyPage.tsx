import type { ExposedComponent } from '@agentora/contracts';
import { PrivacyPage } from '../pages/legal/PrivacyPage';

export default PrivacyPage satisfies ExposedComponent<'content', './PrivacyPage'>;
