/** Prints a self-contained HTML page to an A4 PDF. */
export interface PdfRenderer {
  /** rejects with a clear error when no browser can run; the job then goes pdf_pending */
  render(html: string): Promise<Buffer>;
  close(): Promise<void>;
}
