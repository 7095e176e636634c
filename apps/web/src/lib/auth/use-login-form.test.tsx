import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLoginForm } from './use-login-form';

function Form({ onValid }: { onValid: (values: { username: string; password: string }) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLoginForm();
  const onSubmit = handleSubmit(onValid);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <label>
        Usuario
        <input {...register('username')} />
      </label>
      {errors.username && <p>{errors.username.message}</p>}
      <label>
        Contraseña
        <input type="password" {...register('password')} />
      </label>
      {errors.password && <p>{errors.password.message}</p>}
      <button type="submit" disabled={isSubmitting}>
        Acceder
      </button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Acceder' }));

describe('useLoginForm', () => {
  it('checks the fields only on submit, with the contract messages, and focuses the first wrong one', async () => {
    const onValid = vi.fn(async () => undefined);
    render(<Form onValid={onValid} />);
    type('Usuario', 'ab');
    expect(screen.queryByText('El usuario debe tener al menos 3 caracteres')).toBeNull();

    submit();
    expect(await screen.findByText('El usuario debe tener al menos 3 caracteres')).toBeTruthy();
    expect(screen.getByText('La contraseña es requerida')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Usuario'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a failed attempt, checks each field again as it changes', async () => {
    render(<Form onValid={vi.fn(async () => undefined)} />);
    type('Usuario', 'admin');
    submit();
    expect(await screen.findByText('La contraseña es requerida')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Contraseña'));

    type('Contraseña', '123');
    expect(await screen.findByText('La contraseña debe tener al menos 6 caracteres')).toBeTruthy();
    type('Contraseña', '123456');
    await waitFor(() => expect(screen.queryByText(/La contraseña/)).toBeNull());
  });

  it('hands over the checked values, the username trimmed, and is submitting until the handler ends', async () => {
    let finish = () => undefined as void;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Form onValid={onValid} />);
    type('Usuario', '  admin ');
    type('Contraseña', ' secreto ');
    submit();

    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ username: 'admin', password: ' secreto ' }));
    expect(screen.getByRole('button', { name: 'Acceder' }).hasAttribute('disabled')).toBe(true);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acceder' }).hasAttribute('disabled')).toBe(false));
  });
});
