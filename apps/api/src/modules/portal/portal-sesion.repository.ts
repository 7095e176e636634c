import { type ControlDb, controlSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import { prepared } from '../../lib/prepared';

const { portalUsuarios, tenants } = controlSchema;

/** A portal user with their receiver: one prepared statement (the session check of every portal request). */
export async function findPortalUsuario(db: ControlDb, id: number) {
  const [row] = await prepared(db, 'portal_usuario_sesion', () =>
    db
      .select({ usuario: portalUsuarios, tenant: tenants })
      .from(portalUsuarios)
      .innerJoin(tenants, eq(tenants.id, portalUsuarios.tenantId))
      .where(eq(portalUsuarios.id, sql.placeholder('id')))
      .prepare('portal_usuario_sesion'),
  ).execute({ id });
  return row;
}

export type PortalSessionAccount = NonNullable<Awaited<ReturnType<typeof findPortalUsuario>>>;
