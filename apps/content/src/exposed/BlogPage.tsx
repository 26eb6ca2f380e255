import type { ExposedComponent } from '@agentora/contracts';
import { BlogPage } from '../pages/blog/BlogPage';

export default BlogPage satisfies ExposedComponent<'content', './BlogPage'>;
