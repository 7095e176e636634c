import { Badge } from '@mantine/core';
import { type EncargoEstado, estadoLabel, isEncargoEstado } from '@receptoria/contracts';

const COLORS: Record<EncargoEstado, string> = {
  pendiente: 'orange',
  preparado: 'blue',
  listo_para_estampar: 'violet',
  estampado: 'teal',
};

/** State of an assignment; an unknown state keeps its raw name. */
export function EstadoBadge({ estado }: { estado: string | null | undefined }) {
  const known = isEncargoEstado(estado);
  return (
    <Badge color={known ? COLORS[estado] : 'gray'} variant="light" radius="sm" tt="none" data-estado={estado ?? ''}>
      {estadoLabel(estado)}
    </Badge>
  );
}
