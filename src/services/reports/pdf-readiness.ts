import type { DegradableState } from '../readiness.ts';
import type { PdfRenderer } from './pdf-renderer-port.ts';

/**
 * The reports' line of GET /v1/health/ready: degraded, with the printer's reason, while
 * PDFs cannot be printed. Never a reason to be unready: jobs still complete with their
 * HTML, and each poll prints the pending PDF once the browser is back.
 */
export function pdfReadiness(pdf: PdfRenderer): () => Promise<DegradableState> {
  return async () => {
    const status = (await pdf.status?.()) ?? { printing: true };
    if (status.printing) return { status: 'ok' };
    return { status: 'degraded', detail: `PDFs cannot be printed: ${status.reason}`.slice(0, 300) };
  };
}
