import { useId } from 'react';
import styled from 'styled-components';
import { COMING_SOON_LABEL, LAUNCH_YEAR, PATHS } from '@agentora/data';
import {
  ArrowRightIcon,
  Badge,
  DisplayTitle,
  Lead,
  LinkButton,
  Row,
  Section,
  Stack,
  VisuallyHidden,
} from '@agentora/ui';
import { HERO_FEATURES } from '../../../data/home/hero';
import { CardList } from '../../../components/cards/CardList';
import { FeatureCard } from '../../../components/cards/FeatureCard';

const Hero = styled(Section)`
  && {
    background:
      radial-gradient(70rem 30rem at 50% -8rem, rgba(91, 61, 245, 0.35), transparent 70%),
      radial-gradient(40rem 20rem at 90% 30%, rgba(34, 211, 238, 0.12), transparent 70%),
      ${({ theme }) => theme.colors.background};
  }
`;

const Intro = styled(Stack).attrs(({ theme }) => ({ $gap: theme.space.lg }))`
  align-items: center;
  text-align: center;
  margin-bottom: ${({ theme }) => theme.space.xxl};
  h1 {
    margin: 0;
    max-width: 16ch;
  }
  ${Lead} {
    margin: 0;
  }
`;

const Actions = styled(Row)`
  justify-content: center;
`;

const Accent = styled.span`
  color: ${({ theme }) => theme.colors.accent};
`;

export function HeroSection() {
  const titleId = useId();
  const highlightsId = useId();
  return (
    <Hero aria-labelledby={titleId}>
      <Intro>
        <Badge>{COMING_SOON_LABEL}</Badge>
        <DisplayTitle id={titleId}>
          The Future of <Accent>AI Agent</Accent> Commerce
        </DisplayTitle>
        <Lead>
          The decentralized marketplace where AI agents are discovered, bought, sold and deployed on
          a shared global compute pool. Launching in {LAUNCH_YEAR}.
        </Lead>
        <Actions>
          <LinkButton to={PATHS.comingSoon} size="lg">
            Join Waitlist
            <ArrowRightIcon size={18} />
          </LinkButton>
          <LinkButton to={{ hash: '#vision' }} size="lg" variant="secondary">
            Explore Our Vision
          </LinkButton>
        </Actions>
      </Intro>
      <VisuallyHidden as="h2" id={highlightsId}>
        Highlights
      </VisuallyHidden>
      <CardList $min="240px" aria-labelledby={highlightsId}>
        {HERO_FEATURES.map((feature) => (
          <li key={feature.title}>
            <FeatureCard feature={feature} />
          </li>
        ))}
      </CardList>
    </Hero>
  );
}
