import type { ComponentPropsWithoutRef } from 'react';
import type { SitePath } from '@agentora/data';
import { Link, type LinkProps } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'lg';

interface Look {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
}

const look = css<Look>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: ${({ $size = 'md' }) => ($size === 'lg' ? '0.875rem 1.75rem' : '0.625rem 1.25rem')};
  font-size: ${({ theme, $size = 'md' }) => ($size === 'lg' ? theme.fontSizes.lg : theme.fontSizes.md)};
  font-weight: 700;
  line-height: 1.2;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 2px solid transparent;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease;
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryHover};
          }
        `;
      case 'secondary':
        return css`
          background: transparent;
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) {
            border-color: ${theme.colors.accent};
          }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.accent};
          padding-inline: ${theme.space.sm};
          &:hover:not(:disabled) {
            text-decoration: underline;
          }
        `;
    }
  }}
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<Look>`
  ${look}
`;
const StyledLink = styled(Link)<Look>`
  ${look}
`;
const StyledAnchor = styled.a<Look>`
  ${look}
`;

interface VariantProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({
  variant,
  size,
  type = 'button',
  ...rest
}: ComponentPropsWithoutRef<'button'> & VariantProps) {
  return <StyledButton $variant={variant} $size={size} type={type} {...rest} />;
}

/**
 * An in-site link that looks like a button: to a path of the route table (`PATHS.…`), or to a part of
 * this page (`{ hash: '#vision' }`).
 */
export function LinkButton({
  variant,
  size,
  ...rest
}: Omit<LinkProps, 'to'> & {
  to: SitePath | { pathname: SitePath; search?: string } | { hash: `#${string}` };
} & VariantProps) {
  return <StyledLink $variant={variant} $size={size} {...rest} />;
}

/** A link to another site, opened in a new tab, that looks like a button. */
export function ExternalLinkButton({
  variant,
  size,
  ...rest
}: ComponentPropsWithoutRef<'a'> & VariantProps) {
  return (
    <StyledAnchor
      $variant={variant}
      $size={size}
      target="_blank"
      rel="noopener noreferrer"
      {...rest}
    />
  );
}
