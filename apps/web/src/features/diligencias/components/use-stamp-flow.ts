import {
  type DocumentoRef,
  type EncargoEstado,
  diligenciaMessages,
  estampadoMessages,
  todayIso,
} from '@receptoria/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { documentosEncargoKey } from '../api/documentos-encargo';
import { type GenerarEstampadoInput, generarEstampado } from '../api/generar-estampado';
import { guardarFechaEstampado } from '../api/guardar-fecha-estampado';
import { notificarEstampado } from '../api/notificar-estampado';
import { isHoraRequerida, stampErrorMessage } from '../utils/errors';
import { stampWarnings } from '../utils/stamp-warnings';
import { useHoraDialog } from './hora-diligencia-modal';
import { showOpenDocumentToast } from './stamp-document-toast';

export interface StampedInfo {
  estado: EncargoEstado;
  estado_estampado: string;
  fecha_estampado: string;
}

export interface GenerateOptions {
  /** The stored diligence has its date alone: ask the hour before generating. */
  sinHora?: boolean;
  /** The diligence's date as the hour dialog names it (DD/MM/YYYY). */
  fecha?: string;
}

/**
 * What opening a generated document does, from the toast or from the assignment's documents: tells the
 * server (the assignment becomes estampado), saves today's stamp date with the automatic observation
 * (spec 02 §4, §8) and refreshes the work queue and the documents list.
 */
export function useAfterOpen(onStamped: (encargoId: number, info: StampedInfo) => void) {
  const queryClient = useQueryClient();
  return async (encargoId: number, numeroRol: string, documento: Pick<DocumentoRef, 'id' | 'url'>) => {
    try {
      await notificarEstampado({ numero_rol: numeroRol, documento_id: documento.id, url_documento: documento.url });
    } catch {
      notify.error(diligenciaMessages.errorActualizarEstado);
      return;
    }
    notify.success(diligenciaMessages.estadoActualizado);
    const fecha = todayIso();
    onStamped(encargoId, { estado: 'estampado', estado_estampado: 'estampado', fecha_estampado: fecha });
    try {
      await guardarFechaEstampado(encargoId, {
        fecha_estampado: fecha,
        observaciones: diligenciaMessages.observacionEstampadoAutomatica,
      });
    } catch {
      notify.error(diligenciaMessages.errorActualizarEstado);
    }
    void queryClient.invalidateQueries({ queryKey: ['diligencias', 'cola'] });
    void queryClient.invalidateQueries({ queryKey: documentosEncargoKey(encargoId) });
  };
}

/**
 * Generates a stamp and shows the 120-second toast that opens it (then useAfterOpen's steps). A
 * diligence stored without its hour asks for it first (issue 30); `dialog` is rendered by the screen.
 */
export function useStampFlow(onStamped: (encargoId: number, info: StampedInfo) => void): {
  generate: (encargoId: number, numeroRol: string, input: GenerarEstampadoInput, options?: GenerateOptions) => Promise<boolean>;
  afterOpen: (encargoId: number, numeroRol: string, documento: Pick<DocumentoRef, 'id' | 'url'>) => Promise<void>;
  generating: boolean;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hora = useHoraDialog();
  const afterOpen = useAfterOpen(onStamped);
  const [generating, setGenerating] = useState(false);

  const generate = async (
    encargoId: number,
    numeroRol: string,
    input: GenerarEstampadoInput,
    options: GenerateOptions = {},
  ): Promise<boolean> => {
    let body = input;
    if (options.sinHora && !body.datos.hora_diligencia) {
      const given = await hora.ask(options.fecha ?? '');
      if (!given) return false;
      body = { ...body, datos: { ...body.datos, hora_diligencia: given } };
    }
    setGenerating(true);
    try {
      for (;;) {
        try {
          const generado = await generarEstampado(body);
          notify.success(estampadoMessages.generado);
          showOpenDocumentToast({
            titulo: body.titulo_documento,
            onOpen: () => {
              window.open(generado.documento.url, '_blank', 'noopener');
              void afterOpen(encargoId, numeroRol, generado.documento);
            },
            advertencias: stampWarnings(generado.advertencias, generado.receptor_incompleto),
            receptor:
              generado.receptor_incompleto.length > 0
                ? { href: paths.configuracionReceptor, onGo: () => void navigate(paths.configuracionReceptor) }
                : null,
          });
          void queryClient.invalidateQueries({ queryKey: documentosEncargoKey(encargoId) });
          return true;
        } catch (error) {
          // The server knows the diligence lacks its hour (e.g. stored elsewhere): ask once, then retry.
          if (isHoraRequerida(error) && !body.datos.hora_diligencia) {
            setGenerating(false);
            const given = await hora.ask(options.fecha ?? '');
            if (!given) return false;
            setGenerating(true);
            body = { ...body, datos: { ...body.datos, hora_diligencia: given } };
            continue;
          }
          notify.error(estampadoMessages.error(stampErrorMessage(error)));
          return false;
        }
      }
    } finally {
      setGenerating(false);
    }
  };

  return { generate, afterOpen, generating, dialog: hora.dialog };
}
