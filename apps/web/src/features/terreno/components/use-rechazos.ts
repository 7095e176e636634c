import { confirmAction } from '../../../components/confirm-action';
import { notify } from '../../../lib/notify';
import { terrenoMessages } from '../messages';
import { openFieldDb } from '../queue/field-db';
import type { VisitaEnCola } from '../queue/field-queue';
import { announceQueueChange } from '../queue/field-sync';
import { corregirRechazada, descartarRechazada } from '../queue/rechazadas';

const m = terrenoMessages.rechazo;

/** What the receiver can do with a refused visit: correct it at its stop, or discard it after asking. */
export function useRechazos(userId: number, abrirParada: (visita: VisitaEnCola) => void) {
  const corregir = async (visita: VisitaEnCola) => {
    try {
      const result = await corregirRechazada(await openFieldDb(), userId, visita.uuid);
      if (result.kind === 'borrador_en_curso') notify.warning(m.borradorEnCurso);
      announceQueueChange();
      if (result.kind !== 'no_encontrada') abrirParada(visita);
    } catch (error) {
      console.warn('No se pudo corregir la visita rechazada', error);
      notify.error(m.noSePudo);
    }
  };

  const descartar = async (visita: VisitaEnCola) => {
    const ok = await confirmAction({ title: m.confirmarTitulo, text: m.confirmarTexto, confirm: m.descartar });
    if (!ok) return;
    try {
      if (await descartarRechazada(await openFieldDb(), userId, visita.uuid)) notify.success(m.descartada);
      announceQueueChange();
    } catch (error) {
      console.warn('No se pudo descartar la visita rechazada', error);
      notify.error(m.noSePudo);
    }
  };

  return {
    corregir: (visita: VisitaEnCola) => void corregir(visita),
    descartar: (visita: VisitaEnCola) => void descartar(visita),
  };
}
