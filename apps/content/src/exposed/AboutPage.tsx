import type { ExposedComponent } from '@agentora/contracts';
import { AboutPage } from '../pages/about/AboutPage';

export default AboutPage satisfies ExposedComponent<'content', './AboutPage'>;
