import { describe, expect, it } from 'vitest';
import { stampWarnings } from './stamp-warnings';

describe('stampWarnings', () => {
  it('keeps the server warnings as they came', () => {
    expect(stampWarnings([], [])).toEqual([]);
    expect(stampWarnings(['Faltan sus datos de receptor en el certificado: RUT'], ['rut'])).toEqual([
      'Faltan sus datos de receptor en el certificado: RUT',
    ]);
  });

  it("names the receiver's missing fields when no warning says so", () => {
    expect(stampWarnings([], ['rut', 'titulo'])).toEqual(['Faltan sus datos de receptor en el certificado: RUT, título']);
    expect(stampWarnings(['Otra cosa'], ['direccion'])).toEqual(['Otra cosa', 'Faltan sus datos de receptor en el certificado: dirección']);
  });
});
