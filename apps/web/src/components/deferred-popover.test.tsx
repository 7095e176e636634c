import { Button, MantineProvider, Menu } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { cloneElement, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredPopover, type LoadedPopoverProps, useTakeover } from './deferred-popover';

function ShortcutsMenu({ target, takeover, item }: LoadedPopoverProps & { item: string }) {
  const targetRef = useTakeover(takeover);
  // No layout in happy-dom: the dropdown would count its target as detached and hide.
  return (
    <Menu withinPortal={false} transitionProps={{ duration: 0 }} hideDetached={false}>
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>{item}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A menu whose module 'downloads' when the test says so (or fails to). */
function deferredMenu() {
  type Menu = ComponentType<LoadedPopoverProps & { item: string }>;
  const downloads: { resolve: (menu: Menu) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<Menu>((resolve, reject) => {
        downloads.push({ resolve, reject });
      }),
  );
  render(
    <MantineProvider>
      <DeferredPopover target={<Button>Accesos directos</Button>} popupType="menu" load={load} props={{ item: 'Ver Pendientes' }} />
    </MantineProvider>,
  );
  const button = () => screen.getByRole('button', { name: 'Accesos directos' });
  const arrive = async (index = downloads.length - 1) => {
    await act(async () => downloads[index]!.resolve(ShortcutsMenu));
  };
  const fail = async (index = downloads.length - 1) => {
    await act(async () => downloads[index]!.reject(new Error('sin conexión')));
  };
  return { load, button, arrive, fail };
}

describe('DeferredPopover', () => {
  it('draws the target alone, announced as a closed menu, and downloads nothing until it is used', () => {
    const { load, button } = deferredMenu();
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(load).not.toHaveBeenCalled();
  });

  it('a click downloads the menu and opens it as soon as it arrives', async () => {
    const { load, button, arrive } = deferredMenu();
    fireEvent.click(button());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    await arrive();
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Ver Pendientes' })).toBeTruthy();
    expect(button().getAttribute('aria-expanded')).toBe('true');
  });

  it('pointing at the target downloads the menu once and leaves it closed until a click', async () => {
    const { load, button, arrive } = deferredMenu();
    fireEvent.pointerEnter(button());
    fireEvent.pointerEnter(button());
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();
    await act(async () => {});
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button());
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus on the target when the menu replaces the stand-in', async () => {
    const { load, button, arrive } = deferredMenu();
    const standIn = button();
    act(() => standIn.focus());
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();
    await act(async () => {});
    // The loaded menu's own target (Mantine gives it an id), focused in place of the stand-in.
    expect(button().id).not.toBe('');
    expect(document.activeElement).toBe(button());
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a failed download is tried again on the next click', async () => {
    const { load, button, arrive, fail } = deferredMenu();
    fireEvent.click(button());
    await fail();
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button());
    expect(load).toHaveBeenCalledTimes(2);
    await arrive();
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
