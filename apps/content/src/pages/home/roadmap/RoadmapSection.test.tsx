import { screen, within } from '@testing-library/react';
import { COMMUNITY_CHAT_URL } from '@agentora/data';
import { theme } from '@agentora/ui';
import { renderInSite } from '@agentora/ui/testing';
import { RoadmapSection } from './RoadmapSection';
import { roadmapStatusTone } from './status';

describe('RoadmapSection', () => {
  it("maps 'In Progress' to the green (success) tone and 'Planned' to a neutral one", () => {
    expect(roadmapStatusTone('In Progress')).toBe('success');
    expect(roadmapStatusTone('Planned')).not.toBe('success');
  });

  it.each(['roadmap-timeline', 'roadmap-cards'])(
    '%s shows the four quarters with their items and statuses',
    (testId) => {
      renderInSite(<RoadmapSection />);
      const layout = screen.getByTestId(testId);
      const quarters = within(layout)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === layout);
      expect(quarters).toHaveLength(4);
      expect(
        quarters.map((quarter) => within(quarter).getByRole('heading', { level: 3 }).textContent),
      ).toEqual([
        'Foundation & Beta',
        'Platform Launch',
        'Scale & Optimize',
        'Enterprise & Security',
      ]);
      const statuses = quarters.map((quarter) =>
        within(quarter).getByText(/^(In Progress|Planned)$/),
      );
      expect(statuses.map((status) => status.textContent)).toEqual([
        'In Progress',
        'Planned',
        'Planned',
        'Planned',
      ]);
      expect(statuses.map((status) => status.getAttribute('data-tone'))).toEqual([
        'success',
        'muted',
        'muted',
        'muted',
      ]);
      // The theme's green, as the visitor sees it.
      expect(statuses[0]).toHaveStyle({ color: theme.colors.success });
      expect(statuses[1]).not.toHaveStyle({ color: theme.colors.success });
      expect(within(quarters[0]).getByText('Q1 2026')).toBeInTheDocument();
      expect(within(quarters[0]).getByText('First 100 agents')).toBeInTheDocument();
    },
  );

  it('has the roadmap anchor, Subscribe to Updates to /coming-soon and Join Community in a new tab', () => {
    const { container } = renderInSite(<RoadmapSection />);
    expect(container.querySelector('section#roadmap')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Subscribe to Updates' })).toHaveAttribute(
      'href',
      '/coming-soon',
    );
    const community = screen.getByRole('link', { name: /^Join Community/ });
    expect(community).toHaveAttribute('href', COMMUNITY_CHAT_URL);
    expect(community).toHaveAttribute('target', '_blank');
    expect(community).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});
