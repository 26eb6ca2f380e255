import type { ExposedComponent } from '@agentora/contracts';
import { HowItWorksPage } from '../pages/how-it-works/HowItWorksPage';

export default HowItWorksPage satisfies ExposedComponent<'content', './HowItWorksPage'>;
