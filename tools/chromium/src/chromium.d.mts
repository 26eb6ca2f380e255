export function chromiumPath(): string;
export function headlessShellPath(): string;
export const CHROMIUM_ARGS: string[];
