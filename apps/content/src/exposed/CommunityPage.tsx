import type { ExposedComponent } from '@agentora/contracts';
import { CommunityPage } from '../pages/community/CommunityPage';

export default CommunityPage satisfies ExposedComponent<'content', './CommunityPage'>;
