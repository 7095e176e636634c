import { describe, expect, it } from 'vitest';
import * as withoutZod from './constants';
import * as schemas from './schemas';

describe('the alarm texts without zod', () => {
  it('are the very ones schemas.ts hands out (one definition)', () => {
    expect(schemas.ALARMA_TIPO_LABELS).toBe(withoutZod.ALARMA_TIPO_LABELS);
    expect(schemas.alarmaMessages).toBe(withoutZod.alarmaMessages);
    expect(withoutZod.alarmaMessages.asuntoCorreo('Comparendo', 'C-1234-2026', 'mañana')).toBe('Recordatorio: Comparendo del rol C-1234-2026 mañana');
  });

  it('name every alarm type of the answer schema', () => {
    expect(Object.keys(withoutZod.ALARMA_TIPO_LABELS)).toEqual(schemas.AlarmaProximaSchema.shape.tipo.options);
  });
});
