import { CloseButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { FOTOS_MAX_POR_VISITA } from '@receptoria/contracts';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { notify } from '../../../lib/notify';
import { terrenoMessages as m } from '../messages';
import { resizePhoto } from '../utils/resize-photo';

export interface FotoLocal {
  tipo: string;
  datos: ArrayBuffer;
}

interface FotosFieldProps {
  fotos: readonly FotoLocal[];
  onChange: (fotos: FotoLocal[]) => void;
}

/** The camera button and the photos taken so far (already reduced to ≤ 1,600 px JPEG), each removable. */
export function FotosField({ fotos, onChange }: FotosFieldProps) {
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const urls = useMemo(() => fotos.map((foto) => URL.createObjectURL(new Blob([foto.datos], { type: foto.tipo }))), [fotos]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  const full = fotos.length >= FOTOS_MAX_POR_VISITA;

  const add = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, FOTOS_MAX_POR_VISITA - fotos.length);
    if (picked.length === 0) return;
    setReading(true);
    try {
      const added: FotoLocal[] = [];
      for (const file of picked) {
        const blob = await resizePhoto(file);
        added.push({ tipo: 'image/jpeg', datos: await blob.arrayBuffer() });
      }
      onChange([...fotos, ...added]);
    } catch (error) {
      console.warn('No se pudo reducir la foto', error);
      notify.error(m.fotoNoLeida);
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack gap="xs">
      <Text fw={600} c="dark.9">
        {m.fotos} ({fotos.length}/{FOTOS_MAX_POR_VISITA})
      </Text>
      {fotos.length > 0 ? (
        <Group gap="sm">
          {urls.map((url, index) => (
            <Paper key={url} withBorder pos="relative" w={96} h={96} style={{ overflow: 'hidden' }} data-testid="foto-tomada">
              <Image src={url} alt={`${m.fotos} ${index + 1}`} w={96} h={96} fit="cover" />
              <CloseButton
                pos="absolute"
                top={2}
                right={2}
                size={44}
                variant="filled"
                aria-label={m.quitarFoto(index + 1)}
                onClick={() => onChange(fotos.filter((_, at) => at !== index))}
              />
            </Paper>
          ))}
        </Group>
      ) : null}
      {full ? null : (
        <>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            onChange={(event) => {
              void add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
            data-testid="foto-input"
          />
          <label
            htmlFor={inputId}
            data-testid="tomar-foto"
            className="mantine-focus-auto"
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
              minHeight: 48,
              border: '2px dashed var(--mantine-color-brand-7)',
              borderRadius: 'var(--mantine-radius-md)',
              color: 'var(--mantine-color-brand-9)',
              fontWeight: 600,
              cursor: 'pointer',
            }}
          >
            <IconCamera size={24} aria-hidden />
            {reading ? m.guardando : m.tomarFoto}
          </label>
        </>
      )}
    </Stack>
  );
}
