import styled from 'styled-components';

const LogoRoot = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 800;
  font-size: 1.25rem;
  letter-spacing: -0.01em;
  color: ${({ theme }) => theme.colors.text};
`;

// The tile's gradient is CSS, not an SVG <linearGradient>: that needs an id, and the logo shows twice on
// every page (header and footer), so the id would be duplicated (invalid HTML).
const Glyph = styled.svg`
  border-radius: 7px;
  background: linear-gradient(135deg, #7c5cff, #22d3ee);
  flex: none;
`;

/** Brand mark: a drawn glyph plus the word. The wordmark text comes from the caller (libs/data). */
export function Logo({ name }: { name: string }) {
  return (
    <LogoRoot>
      <Glyph width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          d="M9 23l7-14 7 14M11.5 18h9"
          stroke="#0b0d17"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </Glyph>
      <span>{name}</span>
    </LogoRoot>
  );
}
