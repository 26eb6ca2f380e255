// Created on first use: building an Intl.NumberFormat costs main-thread time the page's start does not need.
let oneDecimal: Intl.NumberFormat | undefined;
const formatOneDecimal = (value: number) =>
  (oneDecimal ??= new Intl.NumberFormat('en', { maximumFractionDigits: 1 })).format(value);

/** A file size as people read it: "812 bytes", "48.3 KB", "5 MB" (binary units, as the 5 MB limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${formatOneDecimal(bytes / 1024)} KB`;
  return `${formatOneDecimal(bytes / (1024 * 1024))} MB`;
}
