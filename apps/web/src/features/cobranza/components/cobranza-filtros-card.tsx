import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { FormDate } from '../../../components/form';
import { cobranzaScreenMessages as m } from '../messages';
import type { CobranzaFechasForm } from '../utils/filtros';

interface CobranzaFiltrosCardProps {
  estudios: { value: string; label: string }[];
  estudio: string | null;
  onEstudio: (value: string | null) => void;
  control: Control<CobranzaFechasForm>;
  rangeActive: boolean;
  specificActive: boolean;
  /** Said under 'Fecha de fin' while the range is inverted. */
  rangoError?: string;
  onClearDates: () => void;
  soloSinRecibo: boolean;
  onSoloSinRecibo: (value: boolean) => void;
}

/** Firm and stamp-date filters; the dates are typed dd/mm/aaaa as everywhere in the product. */
export function CobranzaFiltrosCard({
  estudios,
  estudio,
  onEstudio,
  control,
  rangeActive,
  specificActive,
  rangoError,
  onClearDates,
  soloSinRecibo,
  onSoloSinRecibo,
}: CobranzaFiltrosCardProps) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{m.filtros}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select label={m.estudio} placeholder={m.todosLosEstudios} clearable searchable data={estudios} value={estudio} onChange={onEstudio} />
          <FormDate control={control} name="fechaEspecifica" label={m.fechaEspecifica} placeholder={m.fechaPlaceholder} disabled={rangeActive} />
          <FormDate control={control} name="fechaInicio" label={m.fechaInicio} placeholder={m.fechaPlaceholder} disabled={specificActive} />
          <FormDate
            control={control}
            name="fechaFin"
            label={m.fechaFin}
            placeholder={m.fechaPlaceholder}
            disabled={specificActive}
            description={rangoError}
            descriptionProps={rangoError ? { c: 'red' } : undefined}
          />
        </SimpleGrid>
        <Checkbox
          label={m.soloSinRecibo}
          description={m.soloSinReciboHint}
          checked={soloSinRecibo}
          onChange={(event) => onSoloSinRecibo(event.currentTarget.checked)}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {m.fechaHint}
          </Text>
          <Button variant="subtle" size="xs" onClick={onClearDates}>
            {m.limpiarFechas}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
