import type { ExposedComponent } from '@agentora/contracts';
import { HomePage } from '../pages/home/HomePage';

export default HomePage satisfies ExposedComponent<'content', './HomePage'>;
