/** The file name of a transaction's case file, `case-file-Transaction-019a….html`: no colons, which some file systems refuse. */
export function caseFileName(transactionId: string, extension: 'html' | 'pdf'): string {
  return `case-file-${transactionId.replace(/[^A-Za-z0-9-]+/g, '-')}.${extension}`;
}
