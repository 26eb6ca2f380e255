import Markdown from 'react-markdown';
import styled from 'styled-components';

/**
 * What the built-in articles use: ## and ### headings, bold, bullet and numbered lists, paragraphs.
 * Anything else (raw HTML, links, images, h1) is dropped or unwrapped to its text, so the body can
 * never inject markup or break the page's heading outline (the article title is the h1).
 */
export const ARTICLE_ELEMENTS = ['h2', 'h3', 'p', 'strong', 'ul', 'ol', 'li'];

const Body = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.75;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.md};
  }
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.sm};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  ul,
  ol {
    margin: 0 0 ${({ theme }) => theme.space.md};
    padding-left: 1.5em;
  }
  li {
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  li::marker {
    color: ${({ theme }) => theme.colors.accent};
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

/** Renders an article's markdown to React elements (react-markdown: no HTML string, no innerHTML). */
export function ArticleMarkdown({ source }: { source: string }) {
  return (
    <Body>
      <Markdown allowedElements={ARTICLE_ELEMENTS} unwrapDisallowed skipHtml>
        {source}
      </Markdown>
    </Body>
  );
}
