import type { ExposedComponent } from '@agentora/contracts';
import { UseCasesPage } from '../pages/use-cases/UseCasesPage';

export default UseCasesPage satisfies ExposedComponent<'content', './UseCasesPage'>;
