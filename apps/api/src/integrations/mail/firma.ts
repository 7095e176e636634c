/** The receiver's identity fields a mail signature uses (the control `tenants` row has them all). */
export interface FirmaReceptor {
  nombre: string;
  titulo?: string;
  direccion?: string;
  comuna?: string;
  telefono?: string;
  email?: string;
}

/**
 * The signature block that ends the mails the product sends for a receiver (issue 30 §2): name, title,
 * office (address · comuna), phone and e-mail, one per line, empty ones left out.
 */
export function firmaReceptor(receptor: FirmaReceptor): string {
  const oficina = [receptor.direccion, receptor.comuna].map((part) => part?.trim() ?? '').filter(Boolean).join(' · ');
  return [receptor.nombre, receptor.titulo, oficina, receptor.telefono, receptor.email]
    .map((line) => line?.trim() ?? '')
    .filter(Boolean)
    .join('\n');
}
