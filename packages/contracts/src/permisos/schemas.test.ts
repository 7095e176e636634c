import { describe, expect, it } from 'vitest';
import { permisoMessages } from './messages';
import { AsignarPermisosSchema, holdsGroup, RevocarPermisoSchema } from './schemas';

describe('permission bodies', () => {
  it('accepts a list of permission ids', () => {
    expect(AsignarPermisosSchema.parse({ permisos_ids: [1, 2, 3] })).toEqual({ permisos_ids: [1, 2, 3] });
  });

  it('rejects an empty or missing list with the Spanish message', () => {
    for (const body of [{ permisos_ids: [] }, {}, { permisos_ids: 'uno' }]) {
      const result = AsignarPermisosSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(permisoMessages.permisosRequeridos);
    }
  });

  it('rejects ids that are not positive integers', () => {
    for (const id of [0, -1, 1.5, '3', null]) {
      const result = AsignarPermisosSchema.safeParse({ permisos_ids: [id] });
      expect(result.error?.issues[0]?.message).toBe(permisoMessages.permisoInvalido);
    }
    expect(RevocarPermisoSchema.safeParse({}).error?.issues[0]?.message).toBe(permisoMessages.permisoInvalido);
    expect(RevocarPermisoSchema.parse({ permiso_id: 7 })).toEqual({ permiso_id: 7 });
  });
});

describe('permission groups', () => {
  it('counts a group as held when any of its codes is held', () => {
    expect(holdsGroup(['rebaja_recibos'], 'cobranza')).toBe(true);
    expect(holdsGroup(['estampa_1'], 'cobranza')).toBe(false);
    expect(holdsGroup([], 'config_permisos')).toBe(false);
  });
});
