import type { CarpetasLinks } from '@receptoria/contracts';

interface TenantFolders {
  carpetaEstampadosUrl: string;
  carpetaCobranzaUrl: string;
}

const linkOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The folder links of the caller's own receiver; a link not configured is null. */
export function getCarpetasLinks(tenant: TenantFolders): CarpetasLinks {
  return {
    estampados_link: linkOrNull(tenant.carpetaEstampadosUrl),
    cobranza_link: linkOrNull(tenant.carpetaCobranzaUrl),
  };
}
