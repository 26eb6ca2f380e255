import type { ExposedComponent } from '@agentora/contracts';
import { CaseStudiesPage } from '../pages/case-studies/CaseStudiesPage';

export default CaseStudiesPage satisfies ExposedComponent<'content', './CaseStudiesPage'>;
