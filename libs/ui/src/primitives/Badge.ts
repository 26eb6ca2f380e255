import styled from 'styled-components';

export type BadgeTone = 'accent' | 'success' | 'muted';

/** A small pill label, e.g. COMING SOON or a roadmap status. */
export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  width: fit-content;
  padding: 0.25rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  border: 1px solid currentColor;
  color: ${({ theme, $tone = 'accent' }) =>
    $tone === 'success'
      ? theme.colors.success
      : $tone === 'muted'
        ? theme.colors.textMuted
        : theme.colors.accent};
`;

/** A category or tag chip. Render it as a link or a span. */
export const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 0.375rem 0.875rem;
  min-height: 32px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-decoration: none;
  a&:hover {
    background: ${({ theme }) => theme.colors.border};
  }
`;
