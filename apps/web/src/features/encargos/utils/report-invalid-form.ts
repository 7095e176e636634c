import { encargoMessages } from '@receptoria/contracts';
import type { FieldErrors } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { type EncargoFormValues, hasValidDomicilio, missingRequiredFields } from './encargo-form';

/** Says why the form cannot be sent (spec 01 §5 submit check); field messages show under each field. */
export function reportInvalidForm(values: EncargoFormValues, errors: FieldErrors<EncargoFormValues>) {
  const missing = missingRequiredFields(values);
  if (missing.length) notify.error(encargoMessages.camposRequeridosFaltantes(missing));
  if (!hasValidDomicilio(values)) notify.error(encargoMessages.domicilioValidoRequerido);
  if (missing.length || !hasValidDomicilio(values)) return;
  // RUT problems first (spec 01 §5 submit messages), then the first other field message.
  const rut = errors.rut_ejecutado?.message ?? errors.rut_representante_legal?.message;
  if (rut) {
    notify.error(rut);
    return;
  }
  const first = Object.values(errors).find((error) => typeof error?.message === 'string');
  if (first?.message) notify.error(String(first.message));
}
