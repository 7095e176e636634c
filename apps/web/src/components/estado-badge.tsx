import { Badge } from '@mantine/core';
import { estadoLabel, isEncargoEstado, type EncargoEstado } from '@receptoria/contracts';

const COLORS: Record<EncargoEstado, string> = {
  pendiente: 'orange',
  preparado: 'blue',
  listo_para_estampar: 'violet',
  estampado: 'teal',
};

/** State of an assignment; an unknown state shows its raw name in grey (spec 01 §2). */
export function EstadoBadge({ estado }: { estado: string | null | undefined }) {
  const known = isEncargoEstado(estado);
  return (
    <Badge
      color={known ? COLORS[estado] : 'gray'}
      variant={known ? 'light' : 'outline'}
      radius="sm"
      tt="none"
      data-estado={estado ?? ''}
      style={{ whiteSpace: 'nowrap' }}
    >
      {estadoLabel(estado)}
    </Badge>
  );
}
