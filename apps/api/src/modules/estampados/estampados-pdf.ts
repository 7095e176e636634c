import type { TenantDb } from '@receptoria/db';
import type { FastifyBaseLogger } from 'fastify';
import { ConversionError, type DocxToPdf } from '../../documents/pdf/docx-to-pdf';
import { findDocxSinPdf, listEstampadosSinPdf, setEstampadoPdf } from './estampados-pdf.repository';

export interface PendientesResultado {
  convertidos: number;
  fallidos: number;
}

/**
 * The PDF of every local certificate (issue 26 §1). A generation answers with its DOCX and asks for the
 * PDF here; the conversion runs after the request, one at a time in this process. What fails or was
 * generated without a converter is made by the pending-PDF job (at start and on demand).
 */
export class CertificadoPdfs {
  private readonly inflight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    readonly converter: DocxToPdf | null,
    private readonly openTenant: (tenantId: number) => Promise<TenantDb | null>,
    private readonly log: FastifyBaseLogger,
  ) {}

  get disponible(): boolean {
    return this.converter !== null;
  }

  /** After a generation: the certificate's PDF, made in the background. */
  schedule(tenantId: number, id: string): void {
    if (!this.converter || this.closed) return;
    const work = this.convertOne(tenantId, id).catch((error: unknown) => this.report(tenantId, id, error));
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  /** Converts one certificate when it still has no PDF; false when there was nothing to do. */
  async convertOne(tenantId: number, id: string): Promise<boolean> {
    if (!this.converter) return false;
    const db = await this.openTenant(tenantId);
    if (!db) return false;
    const docx = await findDocxSinPdf(db, id);
    if (!docx) return false;
    const pdf = await this.converter.convert(docx);
    return setEstampadoPdf(db, id, pdf);
  }

  /** Every receiver's certificates without a PDF, oldest first; a failure is logged and the rest go on. */
  async convertPending(tenantIds: readonly number[]): Promise<PendientesResultado> {
    const result = { convertidos: 0, fallidos: 0 };
    if (!this.converter) return result;
    for (const tenantId of tenantIds) {
      const db = await this.openTenant(tenantId);
      if (!db) continue;
      for (const id of await listEstampadosSinPdf(db)) {
        if (this.closed) return result;
        try {
          if (await this.convertOne(tenantId, id)) result.convertidos += 1;
        } catch (error) {
          result.fallidos += 1;
          this.report(tenantId, id, error);
        }
      }
    }
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.converter?.close();
    await Promise.allSettled([...this.inflight]);
  }

  private report(tenantId: number, id: string, error: unknown): void {
    if (this.closed) return;
    const motivo = error instanceof ConversionError ? error.message : error instanceof Error ? error.message : String(error);
    this.log.warn({ tenantId, estampado: id, motivo }, 'certificado sin PDF');
  }
}
