import { isValidElement, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../router';
import { NotFound } from '../routes/not-found';
import { NOT_FOUND_TITLE, screenTitle } from './document-title';

interface RouteEntry {
  path: string;
  element: ReactNode;
}

/** Every route of the route table with a path, its parents' paths joined. */
function flatten(list: readonly RouteObject[], parent = ''): RouteEntry[] {
  return list.flatMap((route) => {
    const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    const own = route.path ? [{ path, element: route.element }] : [];
    return [...own, ...flatten(route.children ?? [], path)];
  });
}

/** An address the route answers: parameters and splats filled in. */
const sampleAddress = (path: string) => path.replace(/:[^/]+/g, 'encargos-activos').replace(/\*$/, 'algo-que-no-existe');

const elementType = (element: ReactNode) => (isValidElement(element) ? element.type : null);

describe('browser tab title', () => {
  const entries = flatten(routes);

  it('the route table has the screens of the spec', () => {
    expect(entries.length).toBeGreaterThan(20);
  });

  it.each(entries.map((entry) => [entry.path, entry] as const))('%s names its screen', (_path, entry) => {
    const address = sampleAddress(entry.path);
    const title = screenTitle(address);
    const type = elementType(entry.element);
    if (type === Navigate) {
      // A redirect is named by the screen it leads to.
      const to = (entry.element as { props: { to: string } }).props.to;
      expect(screenTitle(to)).toMatch(/^.+ · Receptoría$/);
      expect(screenTitle(to)).not.toBe(NOT_FOUND_TITLE);
    } else if (type === NotFound) {
      expect(title).toBe(NOT_FOUND_TITLE);
    } else {
      expect(title).toMatch(/^.+ · Receptoría$/);
      expect(title).not.toBe(NOT_FOUND_TITLE);
    }
  });

  it('names the screens by their headings', () => {
    expect(screenTitle('/')).toBe('Inicio · Receptoría');
    expect(screenTitle('/nuevo-encargo')).toBe('Nuevo Encargo · Receptoría');
    expect(screenTitle('/ver-pendientes/')).toBe('Ver Pendientes · Receptoría');
    expect(screenTitle('/diligencias/estampar')).toBe('Generar Estampado · Receptoría');
    expect(screenTitle('/rutas/cualquier-cosa')).toBe('Generar Rutas · Receptoría');
    expect(screenTitle('/dashboard/detalle/estudios-registrados')).toBe('Detalle del Dashboard · Receptoría');
  });

  it('an address no screen answers is named as not found, also under a screen that has no sub-screens', () => {
    expect(screenTitle('/no-existe')).toBe(NOT_FOUND_TITLE);
    expect(screenTitle('/diligencias/otra-cosa')).toBe(NOT_FOUND_TITLE);
    expect(screenTitle('/cobranzas')).toBe(NOT_FOUND_TITLE);
  });
});
