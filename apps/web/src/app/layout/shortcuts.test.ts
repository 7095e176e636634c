import { describe, expect, it } from 'vitest';
import { moduleShortcutsFor, shortcutsFor } from './shortcuts';

describe('the top-bar menu', () => {
  it('opens with the module screens the user may open, as the dashboard cards lock them', () => {
    expect(moduleShortcutsFor(() => true).map((s) => [s.label, s.path])).toEqual([
      ['Nuevo Encargo', '/nuevo-encargo'],
      ['Importar encargos', '/nuevo-encargo/importar'],
      ['Resultados y Estampados', '/diligencias'],
      ['Por firmar', '/por-firmar'],
      ['Terreno', '/terreno'],
      ['Cobranza', '/cobranza'],
      ['Carpetas', '/carpetas'],
      ['Calendario', '/calendario'],
    ]);
    expect(moduleShortcutsFor((module) => module === 'estampar').map((s) => s.label)).toEqual([
      'Nuevo Encargo',
      'Importar encargos',
      'Resultados y Estampados',
      'Por firmar',
      'Terreno',
      'Carpetas',
      'Calendario',
    ]);
    expect(moduleShortcutsFor(() => false).map((s) => s.label)).toEqual(['Nuevo Encargo', 'Importar encargos', 'Carpetas', 'Calendario']);
  });

  it('keeps the spec’s shortcuts after them, Sistema Multi-Tenant for admin only', () => {
    expect(shortcutsFor(false, false).map((s) => s.label)).not.toContain('Sistema Multi-Tenant');
    expect(shortcutsFor(true).at(-1)?.label).toBe('Sistema Multi-Tenant');
  });

  it('offers Feriados y plazos to those who may change the calendar, Mi perfil to everyone', () => {
    expect(shortcutsFor(false, false).map((s) => s.label)).not.toContain('Feriados y plazos');
    expect(shortcutsFor(false, true).map((s) => s.path)).toContain('/calendario/feriados');
    expect(shortcutsFor(false, false).map((s) => s.path)).toContain('/mi-perfil');
  });
});
