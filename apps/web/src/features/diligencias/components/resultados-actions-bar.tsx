import { Button, Group, Paper, Tooltip } from '@mantine/core';
import { IconCertificate, IconClockPause, IconEraser, IconEye } from '@tabler/icons-react';
import { diligenciasMessages } from '../messages';
import type { Busy } from './use-resultados-actions';

const m = diligenciasMessages.actions;

interface ResultadosActionsBarProps {
  available: { generate: boolean; later: boolean; preview: boolean };
  busy: Busy;
  generating: boolean;
  /** Without the Estampar module the screen only reads. */
  readOnly: boolean;
  onClear: () => void;
  onPreview: () => void;
  onGenerate: () => void;
}

/** The sticky bar of Resultados y Estampados; 'Estampar Más Tarde' is the form's submit button. */
export function ResultadosActionsBar({ available, busy, generating, readOnly, onClear, onPreview, onGenerate }: ResultadosActionsBarProps) {
  const other = (mine: Busy) => busy !== null && busy !== mine;
  return (
    <Paper withBorder p="md" shadow="xs" pos={{ base: 'static', sm: 'sticky' }} bottom={0} style={{ zIndex: 5 }}>
      <Group justify="space-between" gap="sm">
        <Button variant="default" leftSection={<IconEraser size={16} />} onClick={onClear} disabled={busy !== null}>
          {m.clear}
        </Button>
        <Group gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconEye size={16} />}
            onClick={onPreview}
            disabled={!available.preview || other('preview')}
            loading={busy === 'preview'}
          >
            {m.preview}
          </Button>
          <Tooltip label={m.disabledLater} disabled={available.later || readOnly}>
            <Button
              type="submit"
              variant="outline"
              leftSection={<IconClockPause size={16} />}
              disabled={readOnly || !available.later || other('later')}
              loading={busy === 'later'}
            >
              {m.later}
            </Button>
          </Tooltip>
          <Tooltip label={m.disabledGenerate} disabled={available.generate || readOnly}>
            <Button
              leftSection={<IconCertificate size={16} />}
              onClick={onGenerate}
              disabled={readOnly || !available.generate || other('generate')}
              loading={busy === 'generate' || generating}
            >
              {m.generate}
            </Button>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
