import type { ExposedComponent } from '@agentora/contracts';
import { TutorialsPage } from '../pages/tutorials/TutorialsPage';

export default TutorialsPage satisfies ExposedComponent<'content', './TutorialsPage'>;
