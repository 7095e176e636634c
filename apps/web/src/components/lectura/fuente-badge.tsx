import { Badge, Box, Button, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatCLP, type FuenteLectura, LECTURA_CONFIANZA_ALTA } from '@receptoria/contracts';
import { IconAlertTriangle, IconCheck, IconFileText, IconPencil } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { LecturaContextValue } from './lectura-context';
import type { CampoLeible, DomicilioLeidoEnForm, EstadoLeido, ValorLeido } from './lectura-fill';
import { leerPdfMessages as m } from './messages';

const COLOR: Record<EstadoLeido, string> = { leido: 'teal', revisar: 'yellow', modificado: 'gray' };

export interface FuenteBadgeProps {
  fuente: FuenteLectura;
  estado: EstadoLeido;
  /** The read value in words, shown when the form holds another one. */
  valorLeido?: string;
  onConfirmar?: () => void;
  onUsar?: () => void;
  /** A different value is a difference to look at (a request checked against its PDFs), not an edit. */
  distinto?: boolean;
}

/** The source's description for screen readers and the popover's first line. */
export function describeFuente(fuente: FuenteLectura): string {
  return `${m.origenLargo(fuente.documento, fuente.pagina)}: «${fuente.extracto}»`;
}

/**
 * Where a value was read: a small button (document and page) whose popover shows the page's own text,
 * on hover and on tap; described for screen readers by the same text without opening it.
 */
export function FuenteBadge({ fuente, estado, valorLeido, onConfirmar, onUsar, distinto }: FuenteBadgeProps) {
  const [opened, setOpened] = useState(false);
  const [pinned, setPinned] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const descriptionId = useId();
  const porcentaje = Math.round(fuente.confianza * 100);
  const baja = fuente.confianza < LECTURA_CONFIANZA_ALTA;

  useEffect(() => () => {
    if (closing.current) clearTimeout(closing.current);
  }, []);
  const keepOpen = () => {
    if (closing.current) clearTimeout(closing.current);
    closing.current = null;
  };
  const hover = () => {
    keepOpen();
    setOpened(true);
  };
  const leave = () => {
    if (pinned) return;
    keepOpen();
    closing.current = setTimeout(() => setOpened(false), 200);
  };
  const close = () => {
    setPinned(false);
    setOpened(false);
  };
  const act = (action: () => void) => () => {
    action();
    close();
  };

  const icon = estado === 'revisar' ? <IconAlertTriangle size={12} /> : estado === 'modificado' ? <IconPencil size={12} /> : <IconFileText size={12} />;
  const diferencia = distinto && estado === 'modificado';
  const prefix = estado === 'revisar' ? `${m.revisar} · ` : estado === 'modificado' ? `${diferencia ? m.distinto : m.modificado} · ` : '';

  return (
    <Popover opened={opened} onChange={setOpened} onClose={close} position="bottom-start" withArrow shadow="md" width={320} closeOnEscape>
      <Popover.Target>
        <UnstyledButton
          type="button"
          aria-describedby={descriptionId}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onMouseEnter={hover}
          onMouseLeave={leave}
          onClick={() => {
            if (pinned) close();
            else {
              keepOpen();
              setPinned(true);
              setOpened(true);
            }
          }}
          mt={4}
          data-fuente-estado={estado}
        >
          <Badge component="span" size="sm" variant="light" color={diferencia ? 'orange' : COLOR[estado]} radius="sm" tt="none" leftSection={icon} style={{ cursor: 'pointer' }}>
            {prefix}
            {m.origen(fuente.documento, fuente.pagina)}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <VisuallyHidden id={descriptionId}>{describeFuente(fuente)}</VisuallyHidden>
      <Popover.Dropdown onMouseEnter={keepOpen} onMouseLeave={leave} data-testid="fuente-popover">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {m.origenLargo(fuente.documento, fuente.pagina)}
          </Text>
          <Box component="blockquote" m={0} pl="xs" style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}>
            <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {fuente.extracto}
            </Text>
          </Box>
          <Text size="xs" c={baja ? 'yellow.9' : 'dimmed'}>
            {m.confianza(porcentaje)}
            {baja ? ` — ${m.confianzaBaja}` : ''}
          </Text>
          {fuente.ocr && (
            <Text size="xs" c="dimmed">
              {m.ocr}
            </Text>
          )}
          {estado === 'modificado' && valorLeido !== undefined && <Text size="xs">{m.valorLeido(valorLeido)}</Text>}
          {(onConfirmar || onUsar) && (
            <Group gap="xs" justify="flex-end">
              {estado === 'revisar' && onConfirmar && (
                <Button size="compact-xs" leftSection={<IconCheck size={12} />} onClick={act(onConfirmar)}>
                  {m.confirmar}
                </Button>
              )}
              {estado === 'modificado' && onUsar && (
                <Button size="compact-xs" variant="light" onClick={act(onUsar)}>
                  {m.usarLeido}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The read value in words: names for ids, pesos for the amount, the text otherwise. */
export function valorEnPalabras(campo: CampoLeible, leido: ValorLeido, describir: LecturaContextValue['describir']): string {
  if (leido.valor === null || leido.valor === '') return '';
  if (campo === 'cuantia') return formatCLP(Number(leido.valor));
  return describir(campo, leido.valor);
}

/** The badge of one form field, wired to the screen's reading. */
export function FuenteCampo({
  campo,
  leido,
  estado,
  context,
}: {
  campo: CampoLeible;
  leido: ValorLeido;
  estado: EstadoLeido;
  context: LecturaContextValue;
}) {
  return (
    <FuenteBadge
      fuente={leido.fuente}
      estado={estado}
      valorLeido={valorEnPalabras(campo, leido, context.describir)}
      onConfirmar={() => context.confirmar(campo)}
      onUsar={() => context.usarLeido(campo)}
      distinto={context.comparacion}
    />
  );
}

/** The addresses read, each with its source: low-confidence ones marked for review. */
export function DomiciliosLeidos({ domicilios }: { domicilios: DomicilioLeidoEnForm[] }) {
  return (
    <Stack gap={4} mb="sm" data-testid="domicilios-leidos">
      {domicilios.map(({ domicilio, fuente }, index) => (
        <Group key={`${domicilio.direccion}-${index}`} gap="xs" wrap="wrap">
          <Text size="sm">
            {m.domicilioLeido(index + 1)}: {[domicilio.direccion, domicilio.comuna].filter(Boolean).join(', ')}
          </Text>
          <FuenteBadge fuente={fuente} estado={fuente.confianza < LECTURA_CONFIANZA_ALTA ? 'revisar' : 'leido'} />
        </Group>
      ))}
    </Stack>
  );
}
