import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Stack } from '@mantine/core';
import {
  type ReceptorDatos,
  type ReceptorDatosUpdateInput,
  type ReceptorDatosUpdateResponse,
  ReceptorDatosUpdateSchema,
  RECEPTOR_LIMITS,
  receptorMessages,
} from '@receptoria/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { isVersionConflict } from '../../lib/version-conflict';
import { FormRut, FormTextInput } from '../form';
import { VersionConflictAlert } from '../version-conflict-alert';
import { receptorDatosMessages as m } from './messages';

export interface ReceptorDatosFormValues {
  nombre: string;
  rut: string;
  titulo: string;
  direccion: string;
  comuna: string;
  telefono: string;
  email: string;
}

const FIELDS = ['nombre', 'rut', 'titulo', 'direccion', 'comuna', 'telefono', 'email'] as const;

/** The optional fields, in the form's order, with their width on wide screens. */
const TEXT_FIELDS: readonly {
  name: 'titulo' | 'direccion' | 'comuna' | 'telefono' | 'email';
  span: { base: number; sm: number };
  type?: 'tel' | 'email';
  hint?: string;
}[] = [
  { name: 'titulo', span: { base: 12, sm: 12 }, hint: m.hints.titulo },
  { name: 'direccion', span: { base: 12, sm: 8 } },
  { name: 'comuna', span: { base: 12, sm: 4 }, hint: m.hints.comuna },
  { name: 'telefono', span: { base: 12, sm: 6 }, type: 'tel' },
  { name: 'email', span: { base: 12, sm: 6 }, type: 'email' },
];

function valuesOf(datos: ReceptorDatos): ReceptorDatosFormValues {
  return {
    nombre: datos.nombre,
    rut: datos.rut,
    titulo: datos.titulo,
    direccion: datos.direccion,
    comuna: datos.comuna,
    telefono: datos.telefono,
    email: datos.email,
  };
}

export interface ReceptorDatosFormProps {
  datos: ReceptorDatos;
  save: (payload: ReceptorDatosUpdateInput) => Promise<ReceptorDatosUpdateResponse>;
  /** Reads the identity again (after a change made by someone else). */
  onReload: () => Promise<unknown>;
  onSaved?: (datos: ReceptorDatosUpdateResponse) => void;
  onCancel?: () => void;
}

/**
 * The receiver's identity as certificates and mails sign it: name and RUT (es-CL, 12345678-9), title,
 * office address and comuna, phone and e-mail. Saved with the version read; results as toasts.
 */
export function ReceptorDatosForm({ datos, save, onReload, onSaved, onCancel }: ReceptorDatosFormProps) {
  const form = useForm<ReceptorDatosFormValues>({
    defaultValues: valuesOf(datos),
    resolver: zodResolver(ReceptorDatosUpdateSchema) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control } = form;
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  // A newer row (saved here or read again) becomes the form's starting point.
  useEffect(() => {
    form.reset(valuesOf(datos));
  }, [datos, form]);

  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      const saved = await save({ ...values, version: datos.version });
      setConflict(false);
      notify.success(saved.message);
      onSaved?.(saved);
    } catch (error) {
      if (isVersionConflict(error)) {
        setConflict(true);
        notify.error(error.detail ?? m.errorGuardar);
        return;
      }
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.errors?.[field]?.[0];
          if (message) form.setError(field, { type: 'server', message });
        }
        notify.error(error.status < 500 && error.detail ? error.detail : m.errorGuardar);
        return;
      }
      notify.error(m.errorGuardar);
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={m.formulario}>
      <Stack gap="md">
        {conflict ? <VersionConflictAlert onReload={() => void reload()} reloading={reloading} /> : null}
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <FormTextInput
              control={control}
              name="nombre"
              label={m.fields.nombre}
              description={m.hints.nombre}
              placeholder={m.placeholders.nombre}
              required
              maxLength={RECEPTOR_LIMITS.nombre}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <FormRut
              control={control}
              name="rut"
              label={m.fields.rut}
              placeholder={m.placeholders.rut}
              required
              invalidMessages={[receptorMessages.rutInvalido]}
            />
          </Grid.Col>
          {TEXT_FIELDS.map(({ name, span, type, hint }) => (
            <Grid.Col key={name} span={span}>
              <FormTextInput
                control={control}
                name={name}
                type={type}
                label={m.fields[name]}
                description={hint}
                placeholder={m.placeholders[name]}
                maxLength={RECEPTOR_LIMITS[name]}
              />
            </Grid.Col>
          ))}
        </Grid>
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {m.cancelar}
            </Button>
          ) : null}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {m.guardar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
