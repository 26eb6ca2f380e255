export function chromiumPath(): string;
export const CHROMIUM_ARGS: string[];
