import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function BlogPage() {
  return (
    <Section>
      <PageTitle>Blog</PageTitle>
    </Section>
  );
}

export default BlogPage satisfies ExposedComponent<'content', './BlogPage'>;
