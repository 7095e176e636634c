import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Data queries retry once and do not refetch on window focus (spec 01 §9). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          // Client errors (401, 403, 404, 400) do not get better by asking again.
          if (error instanceof ApiError && error.status < 500) return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
