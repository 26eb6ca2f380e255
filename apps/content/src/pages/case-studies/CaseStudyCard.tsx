import styled, { css } from 'styled-components';
import { Badge, Card, down, up } from '@agentora/ui';
import type { CaseStudy } from '../../data/types';
import { Monogram } from '../../components/artwork/Monogram';
import { CaseStudyResults } from './CaseStudyResults';
import { MetricsTable } from './MetricsTable';
import { ReportActions } from './ReportActions';

const Root = styled(Card)<{ $featured: boolean }>`
  gap: ${({ theme }) => theme.space.md};
  ${({ $featured, theme }) =>
    $featured &&
    css`
      padding: ${theme.space.xl};
      border-color: ${theme.colors.accent};
      ${down('md')} {
        padding: ${theme.space.lg} ${theme.space.md};
      }
    `}
  h3 {
    margin: 0;
    font-size: ${({ theme, $featured }) => ($featured ? theme.fontSizes.xxl : theme.fontSizes.xl)};
  }
  h4 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.accent};
  }
  p {
    margin: 0;
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Columns = styled.div<{ $featured: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${({ $featured }) =>
    $featured &&
    css`
      ${up('lg')} {
        grid-template-columns: 1fr 1fr;
      }
    `}
`;

const Story = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Quote = styled.figure`
  margin: 0;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-left: 3px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border-radius: ${({ theme }) => theme.radii.md};
  blockquote {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-style: italic;
  }
  figcaption {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  figcaption strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  li {
    padding: 0.125rem 0.625rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

/** A study as a card; the featured one also shows its before/after table. */
export function CaseStudyCard({
  study,
  featured = false,
  reportNoteId,
}: {
  study: CaseStudy;
  featured?: boolean;
  reportNoteId: string;
}) {
  return (
    <Root $featured={featured} data-case-study={study.id}>
      <Head>
        <Monogram
          initials={study.logo.initials}
          palette={study.logo.palette}
          size={featured ? 64 : 52}
          label={`${study.company} logo`}
        />
        <div>
          <h3>{study.company}</h3>
          <Badge $tone="accent">{study.industry}</Badge>
        </div>
      </Head>
      <Columns $featured={featured}>
        <Story>
          <div>
            <h4>Challenge</h4>
            <p>{study.challenge}</p>
          </div>
          <div>
            <h4>Solution</h4>
            <p>{study.solution}</p>
          </div>
        </Story>
        <div>
          <h4>Results</h4>
          <CaseStudyResults results={study.results} />
        </div>
      </Columns>
      {featured && <MetricsTable company={study.company} metrics={study.metrics} />}
      <Quote>
        <blockquote>
          <p>“{study.testimonial}”</p>
        </blockquote>
        <figcaption>
          <strong>{study.author.name}</strong>, {study.author.role}
        </figcaption>
      </Quote>
      <Tags aria-label="Tags">
        {study.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </Tags>
      <ReportActions company={study.company} noteId={reportNoteId} />
    </Root>
  );
}
