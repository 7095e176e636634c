import pg from 'pg';
import { databaseUrl, postgresServerUrl } from './environment';

/** Runs SQL on the main receiver's database of this run (the first tenant of the control database). */
export async function withMainTenant<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const control = new pg.Client({ connectionString: databaseUrl });
  await control.connect();
  let name: string;
  try {
    const result = await control.query<{ database_name: string }>('select database_name from tenants order by id limit 1');
    name = result.rows[0]!.database_name;
  } finally {
    await control.end();
  }
  const client = new pg.Client({ connectionString: `${postgresServerUrl}/${name}` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A firm written straight into the main receiver's database; answers its id. */
export async function insertEstudio(client: pg.Client, nombre: string, rut: string): Promise<number> {
  const result = await client.query<{ id: number }>(
    `insert into estudios (nombre, direccion, comuna, ciudad, telefono, rut_estudio)
     values ($1, 'Huérfanos 1160', 'Santiago', 'Santiago', '+56 2 2696 4410', $2) returning id`,
    [nombre, rut],
  );
  return result.rows[0]!.id;
}

export interface EncargoRow {
  estudioId: number;
  numeroRol: string;
  estado: 'pendiente' | 'preparado' | 'listo_para_estampar' | 'estampado';
  fechaEstampado?: string | null;
  domicilios?: { direccion: string; comuna: string }[];
  diligencia?: { fecha: string; valorFinal: number };
}

export async function insertEncargo(client: pg.Client, row: EncargoRow): Promise<number> {
  const result = await client.query<{ id: number }>(
    `insert into encargos (estudio_id, numero_rol, estado, fecha_encargo, ejecutados, rut_ejecutado, fecha_estampado, estado_estampado)
     values ($1, $2, $3, current_date - 10, 'Ejecutado de Prueba', '12345678-5', $4, $5) returning id`,
    [row.estudioId, row.numeroRol, row.estado, row.fechaEstampado ?? null, row.estado === 'estampado' ? 'estampado' : ''],
  );
  const id = result.rows[0]!.id;
  for (const [index, d] of (row.domicilios ?? []).entries()) {
    await client.query(
      `insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, orden) values ($1, $2, $3, 'Santiago', $4, $5)`,
      [id, d.direccion, d.comuna, index === 0, index],
    );
  }
  if (row.diligencia) {
    await client.query(
      `insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_final)
       values ($1, (select id from tipos_estampado order by orden limit 1), $2::timestamptz, 'Notificado en terreno', $3)`,
      [id, row.diligencia.fecha, row.diligencia.valorFinal],
    );
  }
  return id;
}
