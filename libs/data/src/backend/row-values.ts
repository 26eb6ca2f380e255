// Blank optional fields are stored as NULL, never as '' (the tables' CHECK constraints refuse '').
export function requiredText(value: string): string {
  return value.trim();
}

export function optionalText(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}
