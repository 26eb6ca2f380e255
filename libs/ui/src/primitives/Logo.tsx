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

/** Brand mark: a drawn glyph plus the word. The wordmark text comes from the caller (libs/data). */
export function Logo({ name }: { name: string }) {
  return (
    <LogoRoot>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="agentora-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7c5cff" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#agentora-logo-gradient)" />
        <path
          d="M9 23l7-14 7 14M11.5 18h9"
          stroke="#0b0d17"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{name}</span>
    </LogoRoot>
  );
}
