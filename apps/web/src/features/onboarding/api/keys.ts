/** Query keys of the onboarding screen; every change invalidates the whole `onboarding` family. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  clientes: ['onboarding', 'clientes'] as const,
  estadisticas: ['onboarding', 'estadisticas'] as const,
  cliente: (id: number) => ['onboarding', 'cliente', id] as const,
  servidores: ['onboarding', 'servidores'] as const,
  traslado: (clienteId: number) => ['onboarding', 'traslado', clienteId] as const,
  traslados: ['onboarding', 'traslados'] as const,
};
