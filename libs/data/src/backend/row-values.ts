import { hasVisibleText } from '@agentora/backend-rules/visible-text';

// Blank optional fields are stored as NULL, never as '' (the tables' CHECK constraints refuse '' and text
// with nothing visible in it).
export function requiredText(value: string): string {
  return value.trim();
}

export function optionalText(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return hasVisibleText(trimmed) ? trimmed : null;
}
