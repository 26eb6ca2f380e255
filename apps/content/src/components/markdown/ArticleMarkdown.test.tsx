import { screen, within } from '@testing-library/react';
import { renderInSite } from '@agentora/ui/testing';
import { BLOG_POSTS } from '../../data/blog/posts';
import { ArticleMarkdown } from './ArticleMarkdown';

const SOURCE = `Intro paragraph with **bold words** inside.

## A section heading

### A smaller heading

- first bullet
- second bullet

1. step one
2. step two

Closing paragraph.`;

describe('ArticleMarkdown', () => {
  it('renders headings, bold, bullet and numbered lists and paragraphs as elements', () => {
    const { container } = renderInSite(<ArticleMarkdown source={SOURCE} />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'A section heading' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'A smaller heading' }),
    ).toBeInTheDocument();
    expect(screen.getByText('bold words').tagName).toBe('STRONG');

    const [bullets, numbers] = screen.getAllByRole('list');
    expect(bullets.tagName).toBe('UL');
    expect(
      within(bullets)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['first bullet', 'second bullet']);
    expect(numbers.tagName).toBe('OL');
    expect(
      within(numbers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['step one', 'step two']);

    const paragraphs = Array.from(container.querySelectorAll('p')).map((p) => p.textContent);
    expect(paragraphs).toEqual(['Intro paragraph with bold words inside.', 'Closing paragraph.']);
    // No markup characters survive as text.
    expect(container.textContent).not.toMatch(/\*\*|##|^- /m);
  });

  it('never renders raw HTML, links, images or an h1 from the source', () => {
    const { container } = renderInSite(
      <ArticleMarkdown
        source={
          '# Title\n\n<script>alert(1)</script><b>raw</b>\n\n[a link](https://example.com) ![pic](https://example.com/x.png)'
        }
      />,
    );
    expect(container.querySelector('h1, script, b, a, img')).toBeNull();
    expect(container).toHaveTextContent('Title');
    expect(container).toHaveTextContent('a link');
  });

  it('renders every built-in article with sections, bold text and both list kinds', () => {
    for (const post of BLOG_POSTS) {
      const { container, unmount } = renderInSite(<ArticleMarkdown source={post.content} />);
      expect(container.querySelectorAll('h2').length).toBeGreaterThanOrEqual(3);
      expect(container.querySelector('strong')).not.toBeNull();
      expect(container.querySelector('ul > li')).not.toBeNull();
      expect(container.querySelector('ol > li')).not.toBeNull();
      expect(container.querySelectorAll('p').length).toBeGreaterThanOrEqual(5);
      unmount();
    }
  });
});
