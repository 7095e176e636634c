import { MantineProvider } from '@mantine/core';
import { IMPORTAR_COLUMNAS, type ImportarPreview, ImportarPreviewSchema } from '@receptoria/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import type { ImportarCliente } from './importar-api';
import { ImportarPanel } from './importar-panel';

// The API answers through the module's calls; the upload (XMLHttpRequest) and the confirmation are mocked.
const api = vi.hoisted(() => ({ subirPlanilla: vi.fn(), confirmarImportacion: vi.fn() }));
vi.mock('./importar-api', () => api);

const fila = (n: number, extra: Partial<ImportarPreview['filas'][number]>): ImportarPreview['filas'][number] => ({
  n,
  valores: { numero_rol: `C-${n}00-2025`, tribunal: '1° Juzgado Civil de Santiago', ejecutados: `DEMANDADO ${n}` },
  errores: {},
  duplicado: null,
  documentos: [],
  encargo_id: null,
  solicitud_id: null,
  motivo: null,
  ...extra,
});

const PREVIEW: ImportarPreview = ImportarPreviewSchema.parse({
  id: '0b7f2c7e-5a51-4f0e-9d55-3c1f7d1f7a10',
  archivo: 'encargos.xlsx',
  estudio: { id: 7, nombre: 'Estudio Alfa' },
  columnas: { reconocidas: [{ encabezado: 'Número de rol', campo: 'numero_rol' }], desconocidas: [] },
  documentos_sin_fila: [],
  filas: [
    fila(2, { documentos: [{ campo: 'demanda', nombre: 'C-200-2025_demanda.pdf', bytes: 1200 }] }),
    fila(3, { errores: { rut_ejecutado: ['RUT inválido'], comuna_1: ['Comuna desconocida: Santiaguito'] } }),
    fila(4, { duplicado: 'base', motivo: 'Ya existe un encargo con el rol C-400-2025 en ese tribunal.' }),
    fila(5, { duplicado: 'archivo', motivo: 'Repite la fila 2.' }),
    fila(6, {}),
  ],
  resumen: { total: 5, listas: 2, con_errores: 1, duplicados: 2, documentos: 1, creadas: 0, confirmada: false },
});

const cliente: ImportarCliente = {
  previewUrl: 'http://localhost/api/v1/portal/importar/',
  accessToken: () => 'token',
  post: vi.fn(),
  get: vi.fn(),
  download: vi.fn(),
  base: '/portal/importar',
};

async function conVistaPrevia() {
  api.subirPlanilla.mockResolvedValue(PREVIEW);
  const { container } = render(
    <MantineProvider theme={theme}>
      <ImportarPanel lado="portal" cliente={cliente} />
    </MantineProvider>,
  );
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['Número de rol\nC-200-2025\n'], 'encargos.csv', { type: 'text/csv' })] } });
  fireEvent.click(screen.getByRole('button', { name: 'Revisar planilla' }));
  await screen.findByRole('table', { name: 'Filas de la planilla' });
}

const filasVisibles = () =>
  within(screen.getByRole('table', { name: 'Filas de la planilla' }))
    .getAllByRole('row')
    .map((row) => row.getAttribute('data-fila'))
    .filter((n) => n !== null)
    .map(Number);

const titulo = (campo: string) => IMPORTAR_COLUMNAS.find((c) => c.campo === campo)?.titulo ?? campo;

const filaN = (n: number) => screen.getByRole('table', { name: 'Filas de la planilla' }).querySelector(`tr[data-fila="${n}"]`) as HTMLElement;

describe('ImportarPanel', () => {
  beforeEach(() => {
    api.subirPlanilla.mockReset();
    api.confirmarImportacion.mockReset();
  });

  it('uploads the chosen sheet and shows every row with the summary', async () => {
    await conVistaPrevia();
    expect(api.subirPlanilla).toHaveBeenCalledTimes(1);
    const form = api.subirPlanilla.mock.calls[0]![1] as FormData;
    expect((form.get('archivo') as File).name).toBe('encargos.csv');
    expect(filasVisibles()).toEqual([2, 3, 4, 5, 6]);
    expect(screen.getByRole('button', { name: 'Enviar 2 solicitudes' })).toBeTruthy();
  });

  it('filters Listos, Con errores and Duplicados', async () => {
    await conVistaPrevia();
    fireEvent.click(screen.getByRole('radio', { name: 'Listos' }));
    await waitFor(() => expect(filasVisibles()).toEqual([2, 6]));
    fireEvent.click(screen.getByRole('radio', { name: 'Con errores' }));
    await waitFor(() => expect(filasVisibles()).toEqual([3]));
    fireEvent.click(screen.getByRole('radio', { name: 'Duplicados' }));
    await waitFor(() => expect(filasVisibles()).toEqual([4, 5]));
    fireEvent.click(screen.getByRole('radio', { name: 'Todas' }));
    await waitFor(() => expect(filasVisibles()).toEqual([2, 3, 4, 5, 6]));
  });

  it('renders each row’s errors by column title, the duplicates’ reasons and the PDFs found', async () => {
    await conVistaPrevia();
    const conErrores = within(filaN(3));
    expect(conErrores.getByText('Con errores')).toBeTruthy();
    expect(conErrores.getByText(`${titulo('rut_ejecutado')}: RUT inválido`)).toBeTruthy();
    expect(conErrores.getByText(/Comuna desconocida: Santiaguito/)).toBeTruthy();
    expect((conErrores.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    const duplicada = within(filaN(4));
    expect(duplicada.getByText('Duplicado')).toBeTruthy();
    expect(duplicada.getByText('Ya existe un encargo con el rol C-400-2025 en ese tribunal.')).toBeTruthy();
    expect((duplicada.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    const lista = within(filaN(2));
    expect(lista.getByText('Lista')).toBeTruthy();
    expect(lista.getByText(/1 PDF: demanda/)).toBeTruthy();
    expect((lista.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
});
