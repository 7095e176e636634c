import type { OnboardingEstadisticas } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export function getOnboardingEstadisticas(): Promise<OnboardingEstadisticas> {
  return api.get<OnboardingEstadisticas>('/onboarding/estadisticas/');
}

export function onboardingEstadisticasQueryOptions() {
  return queryOptions({ queryKey: onboardingKeys.estadisticas, queryFn: getOnboardingEstadisticas });
}

export function useOnboardingEstadisticas() {
  return useQuery(onboardingEstadisticasQueryOptions());
}
