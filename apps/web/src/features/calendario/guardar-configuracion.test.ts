import { describe, expect, it } from 'vitest';
import { feriadosScreenMessages } from './messages';

describe('the calendar settings', () => {
  it('save with "Guardar Configuración", as every settings screen does', () => {
    expect(feriadosScreenMessages.guardar).toBe('Guardar Configuración');
  });
});
