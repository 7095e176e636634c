import { describe, expect, it } from 'vitest';
import { informesMessages } from './messages';

describe('the reports panel', () => {
  it('saves with "Guardar Configuración", accent and capital as the spec writes it', () => {
    expect(informesMessages.guardar).toBe('Guardar Configuración');
  });
});
