import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { UsuariosPortalPanel } from './usuarios-portal-panel';

afterEach(() => vi.unstubAllGlobals());

const usuario = (id: number, estado: 'invitado' | 'activo' | 'desactivado', nombre: string, email: string) => ({
  id,
  nombre,
  email,
  estudio_id: 3,
  estado,
  activo: estado !== 'desactivado',
  invitado_en: '2026-11-26T10:00:00-03:00',
  invitacion_vence: estado === 'invitado' ? '2026-11-28T10:00:00-03:00' : null,
  activado_en: estado === 'invitado' ? null : '2026-11-26T11:00:00-03:00',
  ultimo_acceso: null,
});

describe('Usuarios del portal', () => {
  it('invites with the contract rules, resends the link to one not yet active and deactivates after asking', async () => {
    let list = [usuario(1, 'invitado', 'Ana Rojas', 'ana@estudio.cl'), usuario(2, 'activo', 'Luis Vial', 'luis@estudio.cl')];
    const calls = stubApi({
      'GET /api/v1/estudios/3/usuarios_portal/': () => json({ results: list }),
      'POST /api/v1/estudios/3/usuarios_portal/': (call) => {
        const body = call.body as { nombre: string; email: string };
        const found = list.find((item) => item.email === body.email);
        if (!found) list = [...list, usuario(3, 'invitado', body.nombre, body.email)];
        return json({ usuario: found ?? list.at(-1), correo: { estado: 'enviado', enlace_activacion: null } }, 201);
      },
      'POST /api/v1/estudios/3/usuarios_portal/2/desactivar/': () => {
        list = list.map((item) => (item.id === 2 ? usuario(2, 'desactivado', 'Luis Vial', 'luis@estudio.cl') : item));
        return json({ usuario: list[1] });
      },
    });
    renderWithSession(<UsuariosPortalPanel estudioId={3} />);
    const panel = await screen.findByTestId('usuarios-portal');
    expect(await within(panel).findByText('Ana Rojas')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Invitar' }));
    expect(await within(panel).findByText('El nombre es requerido')).toBeTruthy();
    expect(within(panel).getByText('El correo electrónico es requerido')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Nombre'), { target: { value: 'Carla Soto' } });
    fireEvent.change(within(panel).getByLabelText('Correo electrónico'), { target: { value: ' Carla@Estudio.CL ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Invitar' }));
    expect(await within(panel).findByText('Carla Soto')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ nombre: 'Carla Soto', email: 'carla@estudio.cl' });

    const ana = within(panel).getAllByTestId('usuario-portal').find((row) => row.textContent?.includes('Ana Rojas'))!;
    fireEvent.click(within(ana).getByRole('button', { name: 'Reenviar invitación' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST')[1]?.body).toEqual({ nombre: 'Ana Rojas', email: 'ana@estudio.cl' });
    // An active user has no link to resend.
    const luis = within(panel).getAllByTestId('usuario-portal').find((row) => row.textContent?.includes('Luis Vial'))!;
    expect(within(luis).queryByRole('button', { name: 'Reenviar invitación' })).toBeNull();

    fireEvent.click(within(luis).getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar usuario del portal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/estudios/3/usuarios_portal/2/desactivar/')).toBe(true));
    expect(await within(panel).findByText('Desactivado')).toBeTruthy();
  });

  it('says when the invitation was only queued and offers the activation link to copy', async () => {
    const enlace = 'http://localhost:3000/portal/activar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubApi({
      'GET /api/v1/estudios/3/usuarios_portal/': () => json({ results: [] }),
      'POST /api/v1/estudios/3/usuarios_portal/': () =>
        json({ usuario: usuario(9, 'invitado', 'Rosa Díaz', 'rosa@estudio.cl'), correo: { estado: 'sin_transporte', enlace_activacion: enlace } }, 201),
    });
    renderWithSession(<UsuariosPortalPanel estudioId={3} />);
    const panel = await screen.findByTestId('usuarios-portal');
    fireEvent.change(within(panel).getByLabelText('Nombre'), { target: { value: 'Rosa Díaz' } });
    fireEvent.change(within(panel).getByLabelText('Correo electrónico'), { target: { value: 'rosa@estudio.cl' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Invitar' }));
    const aviso = await within(panel).findByTestId('invitacion-aviso');
    expect(within(aviso).getByText('La invitación quedó en Correo saliente')).toBeTruthy();
    expect(aviso.textContent).toContain('No hay un servicio de correo configurado, así que el correo para rosa@estudio.cl quedó en Correo saliente');
    expect((within(aviso).getByLabelText('Enlace de activación') as HTMLInputElement).value).toBe(enlace);
    fireEvent.click(within(aviso).getByRole('button', { name: 'Copiar enlace' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(enlace));
    expect(await within(aviso).findByRole('button', { name: 'Enlace copiado' })).toBeTruthy();
  });
});
