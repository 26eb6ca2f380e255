import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

/** A field's column: label, control, hint, error; for a control the Field components do not wrap. */
export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

/** A field's visible label; for a control the Field components do not wrap (a file input). */
export const FieldLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const RequiredMark = styled.span`
  color: ${({ theme }) => theme.colors.errorText};
  margin-left: 0.2em;
`;

/** A field's hint under its label; for a control the Field components do not wrap (a file input). */
export const FieldHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A field's error under it, in the theme's error text colour. */
export const FieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.errorText};
`;

export const controlStyles = css`
  width: 100%;
  min-height: 44px;
  padding: 0.625rem 0.875rem;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.85;
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Input = styled.input`
  ${controlStyles}
`;
export const SelectControl = styled.select`
  ${controlStyles}
`;
export const TextAreaControl = styled.textarea`
  ${controlStyles}
  resize: vertical;
`;

interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

/** Wires a label, hint and error to one control through ids, so screen readers announce them together. */
function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

function describedBy(
  hint: ReactNode,
  error: string | undefined,
  ids: { hintId: string; errorId: string },
) {
  return (
    [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined
  );
}

function Frame({
  label,
  error,
  hint,
  required,
  ids,
  children,
}: FieldFrameProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <FieldRoot>
      <FieldLabel htmlFor={ids.controlId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </FieldLabel>
      {children}
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldRoot>
  );
}

export type TextFieldProps = FieldFrameProps & Omit<ComponentPropsWithRef<'input'>, 'children'>;

export function TextField({ label, error, hint, required, id, ...inputProps }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Frame label={label} error={error} hint={hint} required={required} ids={ids}>
      <Input
        id={ids.controlId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, ids)}
        {...inputProps}
      />
    </Frame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<'select'>, 'children'> & {
    options: readonly SelectOption[];
    placeholder?: string;
  };

export function SelectField({
  label,
  error,
  hint,
  required,
  id,
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Frame label={label} error={error} hint={hint} required={required} ids={ids}>
      <SelectControl
        id={ids.controlId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, ids)}
        {...selectProps}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectControl>
    </Frame>
  );
}

export type TextAreaFieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

export function TextAreaField({
  label,
  error,
  hint,
  required,
  id,
  ...textareaProps
}: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Frame label={label} error={error} hint={hint} required={required} ids={ids}>
      <TextAreaControl
        id={ids.controlId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, ids)}
        {...textareaProps}
      />
    </Frame>
  );
}

/**
 * A field bots fill and people never see. Forms treat a filled honeypot as a silent success.
 * Hidden from assistive tech and skipped by the keyboard.
 */
const HoneypotRoot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

export function HoneypotField({
  value,
  onChange,
  name = 'website_url',
}: {
  value: string;
  onChange: (value: string) => void;
  name?: string;
}) {
  return (
    <HoneypotRoot aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name={name}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </HoneypotRoot>
  );
}
