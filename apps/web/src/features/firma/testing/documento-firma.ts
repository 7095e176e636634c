import type { DocumentoFirma } from '@receptoria/contracts';

/** Assignment n's certificate with its PDF made, waiting in 'Por firmar'; `overrides` for what a test needs otherwise. */
export const documentoFirma = (n: number, overrides: Partial<DocumentoFirma> = {}): DocumentoFirma => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  titulo: `Búsqueda positiva C-${n}-2026`,
  numero_rol: `C-${n}-2026`,
  encargo_id: n,
  tipo: 'Búsqueda positiva',
  estudio: { id: 7, nombre: 'Estudio Pérez' },
  tribunal: '1º Juzgado Civil de Santiago',
  creado: `2026-11-0${n}T10:00:00-03:00`,
  estado: 'pdf',
  url_pdf: `/x/${n}`,
  url_pdf_firmado: null,
  codigo_verificacion: null,
  firmado: null,
  firmado_por: null,
  nivel: null,
  subido: null,
  revocacion: null,
  ...overrides,
});
