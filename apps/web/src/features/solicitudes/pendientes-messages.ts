/** The top bar's and the dashboard's count (apart, so the dashboard downloads only these words). */
export const pendientesMessages = {
  title: 'Solicitudes',
  badge: (count: number) => (count === 1 ? '1 solicitud pendiente' : `${count} solicitudes pendientes`),
} as const;
