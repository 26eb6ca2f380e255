import styled from 'styled-components';

/**
 * Where an email form shows its message. It is always in the page so the field can point at it with
 * aria-describedby, and takes no room (nor a flex gap) while empty.
 */
export const MessageArea = styled.div`
  width: 100%;
  text-align: left;
  &:empty {
    display: none;
  }
`;
