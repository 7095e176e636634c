import { describe, expect, it } from 'vitest';
import { ColaOcr } from './ocr';

describe('ColaOcr', () => {
  it('runs one task at a time in arrival order, tells a waiting task how many are ahead, and goes on after a failure', async () => {
    const cola = new ColaOcr();
    const registro: string[] = [];
    let activas = 0;
    let maximo = 0;
    const tarea = (nombre: string, falla = false) => async () => {
      activas += 1;
      maximo = Math.max(maximo, activas);
      registro.push(`inicio ${nombre}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      registro.push(`fin ${nombre}`);
      activas -= 1;
      if (falla) throw new Error(nombre);
      return nombre;
    };
    const delante: number[] = [];
    const a = cola.ejecutar(tarea('a'));
    const b = cola.ejecutar(tarea('b', true), (n) => delante.push(n));
    const c = cola.ejecutar(tarea('c'), (n) => delante.push(n));
    expect(cola.pendientes).toBe(3);
    await expect(a).resolves.toBe('a');
    await expect(b).rejects.toThrow('b');
    await expect(c).resolves.toBe('c');
    expect(maximo).toBe(1);
    expect(registro).toEqual(['inicio a', 'fin a', 'inicio b', 'fin b', 'inicio c', 'fin c']);
    expect(delante).toEqual([1, 2]);
    expect(cola.pendientes).toBe(0);
  });
});
