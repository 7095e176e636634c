import { type DashboardDetalle, DashboardDetalleSchema, type DetalleClave } from '@receptoria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getDashboardDetalle(clave: DetalleClave): Promise<DashboardDetalle> {
  return DashboardDetalleSchema.parse(await api.get(`/dashboard/detalle/${clave}/`));
}

export function useDashboardDetalle(clave: DetalleClave | null) {
  return useQuery({
    queryKey: ['dashboard', 'detalle', clave],
    queryFn: () => getDashboardDetalle(clave as DetalleClave),
    enabled: clave !== null,
  });
}
