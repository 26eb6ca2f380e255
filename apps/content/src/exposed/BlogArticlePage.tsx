import type { ExposedComponent } from '@agentora/contracts';
import { BlogArticlePage } from '../pages/blog/BlogArticlePage';

export default BlogArticlePage satisfies ExposedComponent<'content', './BlogArticlePage'>;
