import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { POLICY_EFFECTIVE_DATE, SITE_URL, SUPPORT_EMAIL, SUPPORT_MAILTO } from '@agentora/data';
import type { SitePath } from '@agentora/data/routes';
import type { LegalBlock, LegalSection } from '../../data/types';
import { FollowSection } from '../../components/page/FollowSection';
import { PageHero } from '../../components/page/PageHero';

const Layout = styled.div`
  max-width: 48rem;
  margin: 0 auto;
`;

const Contents = styled.nav`
  margin-bottom: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-weight: 700;
  }
  ol {
    margin: 0;
    padding-left: 1.5em;
    columns: 2 14rem;
    column-gap: ${({ theme }) => theme.space.xl};
  }
  li {
    margin-bottom: ${({ theme }) => theme.space.xs};
    break-inside: avoid;
  }
`;

const Part = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p,
  li {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    padding-left: 1.5em;
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  li {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Contact = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

/** The page where a visitor asks for a copy of their records, or their deletion (the signups remote). */
const DATA_REQUEST_PATH: SitePath = '/privacy/erase';

const Effective = styled.p`
  margin: 0;
  font-weight: 600;
`;

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'data-request':
      return (
        <p>
          To view or delete your data, use our <Link to={DATA_REQUEST_PATH}>data request page</Link>
          : we email a link to your address, and the link shows you everything we hold for it or
          deletes it. You can also write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      );
    case 'contact':
      return (
        <Contact>
          <dt>Email</dt>
          <dd>
            <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
          </dd>
          <dt>Website</dt>
          <dd>
            <a href={SITE_URL}>{SITE_URL.replace(/^https?:\/\//, '')}</a>
          </dd>
        </Contact>
      );
  }
}

/** A legal page: title, effective date, contents, then numbered sections (h2) from data. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title} lead={intro}>
        <Effective>Effective date: {POLICY_EFFECTIVE_DATE}</Effective>
      </PageHero>
      <FollowSection>
        <Layout>
          <Contents aria-label="Contents">
            <p aria-hidden="true">Contents</p>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </Contents>
          {sections.map((section, index) => (
            <Part
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              data-legal-section=""
            >
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.blocks.map((block, blockIndex) => (
                <Block key={blockIndex} block={block} />
              ))}
            </Part>
          ))}
        </Layout>
      </FollowSection>
    </>
  );
}
