import { type DocumentoRef, diligenciaMessages, estampadoMessages, todayIso } from '@receptoria/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { type GenerarEstampadoInput, generarEstampado } from '../api/generar-estampado';
import { guardarFechaEstampado } from '../api/guardar-fecha-estampado';
import { notificarEstampado } from '../api/notificar-estampado';
import { stampErrorMessage } from '../utils/errors';
import { showOpenDocumentToast } from './stamp-document-toast';

export interface StampedInfo {
  estado_estampado: string;
  fecha_estampado: string;
}

/**
 * Generates a stamp and, once the user opens it from the 120-second toast, tells the server, marks it
 * estampado and saves today's stamp date with the automatic observation (spec 02 §4, §8).
 */
export function useStampFlow(onStamped: (encargoId: number, info: StampedInfo) => void) {
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);

  const afterOpen = async (encargoId: number, numeroRol: string, documento: DocumentoRef) => {
    try {
      await notificarEstampado({ numero_rol: numeroRol, documento_id: documento.id, url_documento: documento.url });
    } catch {
      notify.error(diligenciaMessages.errorActualizarEstado);
      return;
    }
    notify.success(diligenciaMessages.estadoActualizado);
    const fecha = todayIso();
    onStamped(encargoId, { estado_estampado: 'estampado', fecha_estampado: fecha });
    try {
      await guardarFechaEstampado(encargoId, {
        fecha_estampado: fecha,
        observaciones: diligenciaMessages.observacionEstampadoAutomatica,
      });
    } catch {
      notify.error(diligenciaMessages.errorActualizarEstado);
    }
    void queryClient.invalidateQueries({ queryKey: ['diligencias', 'cola'] });
  };

  const generate = async (encargoId: number, numeroRol: string, input: GenerarEstampadoInput): Promise<boolean> => {
    setGenerating(true);
    try {
      const documento = await generarEstampado(input);
      notify.success(estampadoMessages.generado);
      showOpenDocumentToast(input.titulo_documento, () => {
        window.open(documento.url, '_blank', 'noopener');
        void afterOpen(encargoId, numeroRol, documento);
      });
      return true;
    } catch (error) {
      notify.error(estampadoMessages.error(stampErrorMessage(error)));
      return false;
    } finally {
      setGenerating(false);
    }
  };

  return { generate, generating };
}
