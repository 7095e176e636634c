import { describe, expect, it } from 'vitest';
import {
  EntregaCopiasSchema,
  entregaCopiasMessages as m,
  entregaCopiasOracion,
  generoInformante,
  relacionCertificadoTexto,
  relacionInformanteTexto,
} from './entrega-copias';

describe("the informant's gender", () => {
  it('is the one given, else read from the treatment or the first name (the generic masculine otherwise)', () => {
    expect(generoInformante('Rosa Muñoz')).toBe('femenino');
    expect(generoInformante('María José Pérez')).toBe('femenino');
    expect(generoInformante('José María Pérez')).toBe('masculino');
    expect(generoInformante('Isabel Tapia')).toBe('femenino');
    expect(generoInformante('Matías Rojas')).toBe('masculino');
    expect(generoInformante('Sra. Pérez')).toBe('femenino');
    expect(generoInformante('don Andrea Rossi')).toBe('masculino');
    expect(generoInformante('Jorge Muñoz')).toBe('masculino');
    expect(generoInformante('')).toBe('masculino');
    expect(generoInformante('Rosa Muñoz', 'masculino')).toBe('masculino');
  });

  it('makes the relation agree: vecina del sector, empleada del lugar, la misma', () => {
    expect(relacionCertificadoTexto('vecino', 'femenino')).toBe('vecina del sector');
    expect(relacionCertificadoTexto('vecino', 'masculino')).toBe('vecino del sector');
    expect(relacionCertificadoTexto('empleado', 'femenino')).toBe('empleada del lugar');
    expect(relacionCertificadoTexto('otro', 'femenino')).toBe('');
    expect(relacionInformanteTexto('el_mismo', 'femenino')).toBe('la misma');
    expect(relacionInformanteTexto('vecino', 'femenino')).toBe('vecina');
    expect(relacionInformanteTexto(null, 'femenino')).toBe('');
  });
});

describe('entrega_copias', () => {
  it('keeps the texts given, trimmed, and needs the detail of another way', () => {
    expect(EntregaCopiasSchema.parse({ modo: 'persona_adulta', nombre: '  Rosa   Muñoz ', relacion: '', detalle: null })).toEqual({ modo: 'persona_adulta', nombre: 'Rosa Muñoz' });
    expect(EntregaCopiasSchema.safeParse({ modo: 'otro' }).error?.issues[0]?.message).toBe(m.detalleRequerido);
    expect(EntregaCopiasSchema.safeParse({ modo: 'buzon' }).error?.issues[0]?.message).toBe(m.modoInvalido);
    expect(EntregaCopiasSchema.safeParse({ modo: 'puerta', nombre: 'x'.repeat(151) }).error?.issues[0]?.message).toBe(m.textoLargo(150));
  });

  it('is the certificate clause of what happened', () => {
    expect(entregaCopiasOracion({ modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' })).toBe(
      'entregando las copias íntegras de las resoluciones a Rosa Muñoz, hija, persona adulta del domicilio',
    );
    expect(entregaCopiasOracion({ modo: 'conserje', nombre: 'Marta Díaz' })).toBe('dejando las copias íntegras de las resoluciones en poder de la conserje del edificio, Marta Díaz');
    expect(entregaCopiasOracion({ modo: 'puerta' })).toBe('fijando las copias íntegras de las resoluciones en la puerta del domicilio');
    expect(entregaCopiasOracion({ modo: 'otro', detalle: 'en el buzón del domicilio' })).toBe('dejando las copias íntegras de las resoluciones en el buzón del domicilio');
  });
});
