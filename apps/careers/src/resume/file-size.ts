const ONE_DECIMAL = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A file size as people read it: "812 bytes", "48.3 KB", "5 MB" (binary units, as the 5 MB limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${ONE_DECIMAL.format(bytes / 1024)} KB`;
  return `${ONE_DECIMAL.format(bytes / (1024 * 1024))} MB`;
}
