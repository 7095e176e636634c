import { Box, Button, Fieldset, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EncargoCreateSchema, type EncargoCreateValue, encargoMessages } from '@receptoria/contracts';
import { IconDeviceFloppy, IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateEncargo } from '../api/create-encargo';
import { downloadFichaTerreno, downloadMembrete } from '../api/generate-documents';
import { useEncargoLookups } from '../api/use-encargo-lookups';
import { encargosMessages } from '../messages';
import { isNetworkError, serverText } from '../utils/api-errors';
import { fichaTerrenoRequest, membreteRequest } from '../utils/documents';
import {
  type EncargoFormValues,
  createResolver,
  defaultEncargoValues,
  incompleteFields,
  toCreatePayload,
} from '../utils/encargo-form';
import { reportInvalidForm } from '../utils/report-invalid-form';
import { type DocumentKind, DocumentButtons } from './document-buttons';
import { EncargoCreatedBox } from './encargo-created-box';
import { EncargoFormFields } from './encargo-form-fields';

const m = encargosMessages;

interface Created {
  id: number;
  numero_rol: string;
}

export function NuevoEncargoScreen() {
  const { lookups, comunas, loading } = useEncargoLookups('nuevo');
  const form = useForm<EncargoFormValues, unknown, EncargoCreateValue>({
    defaultValues: defaultEncargoValues(),
    resolver: createResolver(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const create = useCreateEncargo();
  const [created, setCreated] = useState<Created | null>(null);
  const [busyDocument, setBusyDocument] = useState<DocumentKind | null>(null);

  const values = useWatch({ control: form.control }) as EncargoFormValues;
  const incomplete = incompleteFields(values, EncargoCreateSchema);
  const blockedReason = created || incomplete.length === 0 ? null : encargoMessages.botonDeshabilitado;

  const reportCreateError = (error: unknown) => {
    if (error instanceof ApiError) {
      notify.error(m.nuevo.serverError(serverText(error) ?? m.nuevo.serverErrorFallback));
    } else if (isNetworkError(error)) {
      notify.error(m.nuevo.connectionError);
    } else {
      notify.error(m.nuevo.serverError(m.nuevo.serverErrorFallback));
    }
  };

  const register = async (payload: EncargoCreateValue): Promise<Created> => {
    const result = await create.mutateAsync(payload);
    const registered = { id: result.id, numero_rol: result.numero_rol ?? payload.numero_rol };
    setCreated(registered);
    return registered;
  };

  const onSubmit = form.handleSubmit(
    async (payload) => {
      try {
        await register(payload);
        notify.success(m.nuevo.success);
      } catch (error) {
        reportCreateError(error);
      }
    },
    (errors) => reportInvalidForm(form.getValues(), errors),
  );

  const generate = async (kind: DocumentKind) => {
    const current = form.getValues();
    if (!created) {
      const missing = incompleteFields(current, EncargoCreateSchema);
      if (missing.length) {
        notify.error(
          kind === 'membrete' ? encargoMessages.membreteFaltantes(missing) : encargoMessages.fichaFaltantes(missing),
        );
        void form.trigger();
        return;
      }
    }
    setBusyDocument(kind);
    let registeredNow = false;
    try {
      if (!created) {
        try {
          await register(toCreatePayload(current));
          registeredNow = true;
        } catch (error) {
          reportCreateError(error);
          return;
        }
      }
      if (kind === 'membrete') await downloadMembrete(membreteRequest(current, lookups));
      else await downloadFichaTerreno(fichaTerrenoRequest(current, lookups));
      if (kind === 'membrete') notify.success(registeredNow ? m.documentos.membreteCreated : m.documentos.membreteOnly);
      else notify.success(registeredNow ? m.documentos.fichaCreated : m.documentos.fichaOnly);
    } catch (error) {
      if (error instanceof ApiError) notify.error(m.documentos.error(serverText(error) ?? error.message));
      else notify.error(m.nuevo.connectionError);
    } finally {
      setBusyDocument(null);
    }
  };

  const clear = () => {
    form.reset(defaultEncargoValues());
    setCreated(null);
  };

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.nuevo.title}</Title>
        <Text c="dimmed">{m.nuevo.subtitle}</Text>
      </Box>
      {created && <EncargoCreatedBox id={created.id} numeroRol={created.numero_rol} />}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <Fieldset variant="unstyled" disabled={Boolean(created)} p={0} m={0}>
            <EncargoFormFields
              form={form}
              lookups={lookups}
              comunas={comunas}
              loading={loading}
              variant="nuevo"
              disabled={Boolean(created)}
            />
          </Fieldset>
          <Paper withBorder p="md" shadow="xs" pos={{ base: 'static', sm: 'sticky' }} bottom={0} style={{ zIndex: 5 }}>
            <Group justify="space-between" gap="sm">
              <Button variant="default" leftSection={<IconEraser size={16} />} onClick={clear}>
                {m.form.clear}
              </Button>
              <Group gap="sm">
                <DocumentButtons blockedReason={blockedReason} busy={busyDocument} onGenerate={generate} />
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={16} />}
                  loading={create.isPending && busyDocument === null}
                  disabled={Boolean(created) || busyDocument !== null}
                >
                  {m.nuevo.submit}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
