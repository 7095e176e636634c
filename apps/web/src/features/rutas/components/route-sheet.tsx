import { formatDate, type RutaDomicilio, type RutaGenerada, todayIso } from '@receptoria/contracts';
import { createPortal } from 'react-dom';
import { rutasScreenMessages as m } from '../messages';
import styles from './route-sheet.module.css';

/** The sheet 'Imprimir hoja de ruta' prints: one row per stop with room to write the result. */
export function RouteSheet({ ruta, rows }: { ruta: RutaGenerada; rows: RutaDomicilio[] }) {
  const c = m.hojaColumnas;
  return createPortal(
    <div className={styles.sheet} data-testid="hoja-ruta">
      <h2>{m.hojaTitulo}</h2>
      <p>
        {m.hojaFecha(formatDate(todayIso()))} · {m.partida(ruta.punto_partida)}
      </p>
      <table>
        <thead>
          <tr>
            <th>{c.orden}</th>
            <th>{c.rol}</th>
            <th>{c.direccion}</th>
            <th>{c.resultado}</th>
            <th>{c.hora}</th>
            <th>{c.observaciones}</th>
          </tr>
        </thead>
        <tbody>
          {ruta.domicilios.map((parada) => {
            const row = rows.find((r) => r.numero_rol === parada.numero_rol && r.direccion === parada.direccion);
            return (
              <tr key={parada.orden}>
                <td>{parada.orden}</td>
                <td>{parada.numero_rol}</td>
                <td>
                  {parada.direccion}, {parada.comuna}, {parada.ciudad}
                  {row?.ejecutado ? <div>{row.ejecutado}</div> : null}
                </td>
                <td className={styles.write} />
                <td className={styles.write} />
                <td className={styles.write} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
