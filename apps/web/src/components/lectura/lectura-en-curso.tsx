import { Alert, Box, Progress, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../lib/api-client';
import { LecturaError, type ProgresoLectura } from './leer-stream';
import { leerPdfMessages as m } from './messages';

type Lectura = (signal: AbortSignal, onProgreso: (progreso: ProgresoLectura) => void) => Promise<void>;

/** A reading of PDFs in flight: one at a time (a new one cancels the last), its progress, and why it failed. */
export function useLecturaEnCurso() {
  const [leyendo, setLeyendo] = useState(false);
  const [progreso, setProgreso] = useState<ProgresoLectura | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const leer = async (lectura: Lectura) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLeyendo(true);
    setProgreso(null);
    setError(null);
    try {
      await lectura(controller.signal, setProgreso);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      if (failure instanceof ApiError || failure instanceof LecturaError) setError(m.error(failure.message));
      else if (failure instanceof NetworkError) setError(m.errorConexion);
      else setError(m.error(failure instanceof Error ? failure.message : String(failure)));
    } finally {
      if (abort.current === controller) {
        setLeyendo(false);
        abort.current = null;
      }
    }
  };

  return { leyendo, progreso, error, setError, leer };
}

/** While reading, what is being read with a progress bar; after a failure, why. */
export function LecturaEstado({ leyendo, progreso, texto, error }: { leyendo: boolean; progreso: ProgresoLectura | null; texto: string; error: string | null }) {
  const progresoId = useId();
  return (
    <>
      {leyendo && (
        <Box>
          <Text size="sm" id={progresoId} aria-live="polite">
            {texto}
          </Text>
          <Progress value={progreso ? Math.round(progreso.avance * 100) : 0} animated={!progreso} striped aria-labelledby={progresoId} mt={4} />
        </Box>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
