import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pickOption, stubApi } from '../../../testing/render-with-session';
import { CATALOGOS, field, pdf, renderNuevaSolicitud } from '../testing/render-nueva-solicitud';
import { encargoMessages, type SolicitudDatos } from '@receptoria/contracts';
import { defaultSolicitudValues, pdfProblem, solicitudBody, solicitudResolver, stepOf } from '../utils/solicitud-form';

afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) => {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('Nueva solicitud', () => {
  it("checks each step with Nuevo Encargo's rules before going on", async () => {
    stubApi({
      'GET /api/v1/portal/catalogos/': () => json(CATALOGOS),
      'GET /api/v1/portal/solicitudes/': () => json({ count: 0, page: 1, page_size: 20, pendientes: 0, results: [] }),
    });
    renderNuevaSolicitud();
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('El número de rol es requerido')).toBeTruthy();
    expect(screen.getByTestId('solicitud-paso').textContent).toBe('1/4 · Causa');
    type('Número de rol', 'c-1234-2024');
    expect(field('Número de rol').value).toBe('C-1234-2024');
  });

  it("offers the portal's catalogue in the lists and keeps the step until every field of it is right", async () => {
    stubApi({
      'GET /api/v1/portal/catalogos/': () => json(CATALOGOS),
      'GET /api/v1/portal/solicitudes/': () => json({ count: 0, page: 1, page_size: 20, pendientes: 0, results: [] }),
    });
    renderNuevaSolicitud();
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url) === '/api/v1/portal/catalogos/')).toBe(true));
    await pickOption(field('Tribunal'), '1° Juzgado Civil de Santiago');
    await pickOption(field('Parte demandante'), 'Banco de Chile');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(encargoMessages.tipoCausaRequerido)).toBeTruthy();
    expect(screen.queryByText(encargoMessages.tribunalRequerido)).toBeNull();
    expect(screen.queryByText(encargoMessages.parteDemandanteRequerida)).toBeNull();
    expect(screen.getByTestId('solicitud-paso').textContent).toBe('1/4 · Causa');
  });
});

describe('the request sent', () => {
  const complete = () => ({
    ...defaultSolicitudValues(),
    numero_rol: 'C-1234-2024',
    tribunal: '4',
    parte_demandante: '9',
    tipo_causa: '1',
    tipo_encargo: '2',
    cuantia: '1.500.000',
    fecha_demanda: '2024-04-01',
    fecha_resolucion: '2024-04-15',
    partes: 'Banco de Chile con Pérez',
    ejecutados: 'Juan Pérez',
    rut_ejecutado: '12345678-5',
    observaciones_encargo: 'Es urgente',
    domicilios: [
      { direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true },
      { direccion: '', comuna: null, ciudad: 'Santiago', es_principal: false },
    ],
  });

  it("is Nuevo Encargo's payload without the firm, blank addresses left out, with the two PDFs", async () => {
    const checked = await solicitudResolver()(complete(), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(checked.errors).toEqual({});
    const body = solicitudBody(checked.values as SolicitudDatos, pdf('demanda.pdf'), pdf('resolucion.pdf'));
    const datos = JSON.parse(String(body.get('datos'))) as Record<string, unknown>;
    expect(datos).toMatchObject({
      numero_rol: 'C-1234-2024',
      tribunal: 4,
      parte_demandante: 9,
      tipo_causa: 1,
      tipo_encargo: 2,
      cuantia: 1500000,
      fecha_demanda: '2024-04-01',
      partes: 'Banco de Chile con Pérez',
      rut_ejecutado: '12345678-5',
      domicilios: [{ direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
    });
    expect(datos).not.toHaveProperty('estudio_juridico');
    expect((body.get('demanda') as File).name).toBe('demanda.pdf');
    expect((body.get('resolucion') as File).name).toBe('resolucion.pdf');
  });

  it("puts each of Nuevo Encargo's messages on its field and its step", async () => {
    const checked = await solicitudResolver()({ ...complete(), rut_ejecutado: '12345678-9', domicilios: [] }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(checked.errors.rut_ejecutado?.message).toBe(encargoMessages.rutEjecutadoInvalido);
    expect(checked.errors.domicilios?.root?.message ?? checked.errors.domicilios?.message).toBe(encargoMessages.domicilioValidoRequerido);
    expect(stepOf('rut_ejecutado')).toBe('partes');
    expect(stepOf('domicilios.0.comuna')).toBe('domicilios');
  });
});

describe('pdfProblem', () => {
  it('takes a PDF by its first bytes, refuses other files and ones past 10 MB', async () => {
    expect(await pdfProblem(pdf('a.pdf'))).toBeNull();
    expect(await pdfProblem(new File(['PK\u0003\u0004'], 'a.pdf'))).toBe('El archivo debe ser un PDF');
    expect(await pdfProblem(null)).toBe('Adjunte el PDF');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'b.pdf');
    expect(await pdfProblem(big)).toBe('El archivo supera los 10 MB');
  });
});
