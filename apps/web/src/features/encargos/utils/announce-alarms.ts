import { type EncargoDetail, encargoMessages, formatDateTime } from '@receptoria/contracts';
import { notify } from '../../../lib/notify';

/** One toast per alarm the server keeps for the saved assignment (issue 11: after saving, never per keystroke). */
export function announceAlarms(encargo: Pick<EncargoDetail, 'alarmas'> | null | undefined) {
  for (const alarma of encargo?.alarmas ?? []) notify.info(encargoMessages.alarmaCreada(formatDateTime(alarma.fecha_hora)));
}
