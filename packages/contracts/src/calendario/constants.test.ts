import { describe, expect, expectTypeOf, it } from 'vitest';
import { type PlazoItem, TIPO_PLAZO_LABELS, TIPOS_PLAZO } from './constants';
import { type Plazo, PlazoSchema } from './plazos';

describe('calendario/constants (without zod)', () => {
  it('names every kind the schema takes', () => {
    expect(Object.keys(TIPO_PLAZO_LABELS)).toEqual(PlazoSchema.shape.tipo.options);
    expect(TIPOS_PLAZO).toEqual(PlazoSchema.shape.tipo.options);
  });

  it('PlazoItem is the schema\'s output', () => {
    expectTypeOf<PlazoItem>().toEqualTypeOf<Plazo>();
  });
});
