import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aplicarRetencion, leerNombre, semanaIso } from './retencion';

/** YYYYMMDD of 2026-03-31 minus `back` days. */
function day(back: number): string {
  const date = new Date(Date.UTC(2026, 2, 31 - back));
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

describe('backup retention', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-retencion-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads names and ISO weeks', () => {
    expect(leerNombre('receptoria_juan_perez_20260302-020000.dump')).toEqual({
      nombre: 'receptoria_juan_perez_20260302-020000.dump',
      slug: 'receptoria_juan_perez',
      dia: '20260302',
      momento: '20260302-020000',
    });
    expect(leerNombre('control_20260302-020000.tar.gz')?.slug).toBe('control');
    expect(leerNombre('notas.txt')).toBeNull();
    expect(semanaIso('20260101')).toBe('2026-W01');
    expect(semanaIso('20251229')).toBe('2026-W01');
    expect(semanaIso('20260301')).toBe('2026-W09');
    expect(semanaIso('20260302')).toBe('2026-W10');
    expect(semanaIso('20210103')).toBe('2020-W53');
  });

  it('keeps the newest of each of the last 7 days and of each of the last 4 weeks, per database', async () => {
    // 40 nights of backups of two databases, plus a manual one in the afternoon of the last day.
    for (let back = 0; back < 40; back += 1) {
      for (const slug of ['control', 'receptoria_ana_diaz']) {
        await writeFile(path.join(dir, `${slug}_${day(back)}-020000.dump`), 'x');
        await writeFile(path.join(dir, `${slug}_${day(back)}-020000.dump.sha256`), 'x');
      }
    }
    await writeFile(path.join(dir, `receptoria_ana_diaz_${day(0)}-153000.dump`), 'x');
    await writeFile(path.join(dir, 'LEAME.txt'), 'otros archivos quedan');

    const removed = await aplicarRetencion(dir, 7, 4);
    const left = (await readdir(dir)).sort();
    const kept = (slug: string) => left.filter((f) => f.startsWith(`${slug}_`) && !f.endsWith('.sha256'));

    // 2026-03-31 is a Tuesday: the last 7 days are 25–31 March; the weeks W14 (30–31), W13, W12, W11:
    // their newest backups are the 31st, the 29th, the 22nd and the 15th.
    expect(kept('control')).toEqual(
      ['20260315', '20260322', '20260325', '20260326', '20260327', '20260328', '20260329', '20260330', '20260331'].map(
        (d) => `control_${d}-020000.dump`,
      ),
    );
    // On the last day the afternoon backup is that day's newest; the night's one goes.
    expect(kept('receptoria_ana_diaz')).toContain(`receptoria_ana_diaz_${day(0)}-153000.dump`);
    expect(kept('receptoria_ana_diaz')).not.toContain(`receptoria_ana_diaz_${day(0)}-020000.dump`);
    expect(kept('receptoria_ana_diaz')).toHaveLength(9);
    // Each kept file keeps its checksum; removed ones lose theirs.
    for (const name of kept('control')) expect(left).toContain(`${name}.sha256`);
    expect(left.filter((f) => f.endsWith('.sha256'))).toHaveLength(9 + 8);
    expect(left).toContain('LEAME.txt');
    expect(removed).toHaveLength(80 + 1 - 18);
  });
});
