import type { AgregarEmailsResponse, AgregarEmailsValue } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AddEmailsInput {
  estudioId: number;
  payload: AgregarEmailsValue;
}

export function addEmails({ estudioId, payload }: AddEmailsInput): Promise<AgregarEmailsResponse> {
  return api.post<AgregarEmailsResponse>(`/estudios/${estudioId}/agregar_emails/`, payload);
}

export function useAddEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['estudios'] }),
  });
}
