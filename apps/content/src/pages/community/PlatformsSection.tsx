import { useId } from 'react';
import { ArrowRightIcon, CardTitle, LinkButton, Muted } from '@agentora/ui';
import { COMMUNITY_PLATFORMS } from '../../data/community/community';
import { CardList } from '../../components/cards/CardList';
import { IconTile } from '../../components/cards/IconTile';
import { FollowSection } from '../../components/page/FollowSection';
import { SectionHeader } from '../../components/page/SectionHeader';
import { Bottom, Tight } from './parts';
import { PATHS } from '@agentora/data';

export function PlatformsSection() {
  const titleId = useId();
  return (
    <FollowSection aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        title="Where the community meets"
        lead="Four places to learn, share and build together. Each one opens at launch."
      />
      <CardList $min="240px">
        {COMMUNITY_PLATFORMS.map((platform) => (
          <li key={platform.id}>
            <Tight>
              <IconTile icon={platform.icon} />
              <CardTitle>{platform.name}</CardTitle>
              <Muted>{platform.description}</Muted>
              <Bottom>
                <LinkButton to={PATHS.comingSoon} variant="ghost">
                  {platform.action}
                  <ArrowRightIcon size={16} />
                </LinkButton>
              </Bottom>
            </Tight>
          </li>
        ))}
      </CardList>
    </FollowSection>
  );
}
