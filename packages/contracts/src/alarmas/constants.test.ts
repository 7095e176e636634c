import { describe, expect, it } from 'vitest';
import * as withoutZod from './constants';
import * as schemas from './schemas';

describe('the alarm texts without zod', () => {
  it('are the ones schemas.ts defines', () => {
    expect(withoutZod.ALARMA_TIPO_LABELS).toEqual(schemas.ALARMA_TIPO_LABELS);
    const { asuntoCorreo, ...texts } = withoutZod.alarmaMessages;
    const { asuntoCorreo: asuntoDeSchemas, ...textsDeSchemas } = schemas.alarmaMessages;
    expect(texts).toEqual(textsDeSchemas);
    expect(asuntoCorreo('Comparendo', 'C-1234-2026', 'mañana')).toBe(asuntoDeSchemas('Comparendo', 'C-1234-2026', 'mañana'));
  });

  it('name every alarm type of the answer schema', () => {
    expect(Object.keys(withoutZod.ALARMA_TIPO_LABELS)).toEqual(schemas.AlarmaProximaSchema.shape.tipo.options);
  });
});
