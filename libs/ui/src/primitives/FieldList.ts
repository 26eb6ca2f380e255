import { css } from 'styled-components';

/**
 * A record's fields as a definition list: each label (dt) muted, beside its value (dd), whose own
 * line breaks are kept and whose long words wrap. Give it its own gap after it.
 */
export const fieldListStyles = css`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
