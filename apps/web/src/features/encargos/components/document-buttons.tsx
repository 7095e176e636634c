import { Button, Tooltip } from '@mantine/core';
import { IconFileText, IconMap2 } from '@tabler/icons-react';
import { encargosMessages } from '../messages';

export type DocumentKind = 'membrete' | 'ficha';

interface DocumentButtonsProps {
  /** Why the buttons are unavailable (tooltip); null when they can be used. */
  blockedReason: string | null;
  busy: DocumentKind | null;
  /** The assignment is being saved by another action: both buttons wait. */
  saving?: boolean;
  onGenerate: (kind: DocumentKind) => void;
}

/**
 * 'Generar Membrete' and 'Generar Ficha Terreno'. While blocked they look disabled and explain why
 * on hover; a click then reports what is missing instead of generating.
 */
export function DocumentButtons({ blockedReason, busy, saving = false, onGenerate }: DocumentButtonsProps) {
  const blocked = blockedReason !== null;
  const button = (kind: DocumentKind) => {
    const label = kind === 'membrete' ? encargosMessages.form.membrete : encargosMessages.form.ficha;
    return (
      <Tooltip key={kind} label={blockedReason} disabled={!blocked} multiline w={260} withArrow>
        <Button
          variant="light"
          color="indigo"
          leftSection={kind === 'membrete' ? <IconFileText size={16} /> : <IconMap2 size={16} />}
          data-disabled={blocked || undefined}
          aria-disabled={blocked}
          loading={busy === kind}
          disabled={saving || (busy !== null && busy !== kind)}
          onClick={(event) => {
            event.preventDefault();
            onGenerate(kind);
          }}
        >
          {label}
        </Button>
      </Tooltip>
    );
  };
  return (
    <>
      {button('membrete')}
      {button('ficha')}
    </>
  );
}
