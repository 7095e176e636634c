import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { FIRMA_SIN_REVOCACION, type FirmaSinRevocacion } from '@receptoria/contracts';
import { canEditReceptor } from '@receptoria/contracts/receptor/access';
import { useState } from 'react';
import { useSession } from '../../../lib/auth/use-session';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useFirmaConfiguracion, useGuardarFirmaConfiguracion } from '../api/firma-api';
import { firmaConfiguracionMessages } from '../messages';

const m = firmaConfiguracionMessages;

/** 'Mi perfil': the receiver's firma_sin_revocacion (GET|PUT /firma/configuracion/); read-only for other users. */
export function FirmaConfiguracionCard() {
  const { user, profile, permisos } = useSession();
  const puedeEditar = user ? canEditReceptor({ username: user.username, cargo: profile?.cargo ?? user.cargo }, permisos) : false;
  const config = useFirmaConfiguracion();
  const guardar = useGuardarFirmaConfiguracion();
  const [valor, setValor] = useState<FirmaSinRevocacion | null>(null);
  const actual = valor ?? config.data?.firma_sin_revocacion ?? null;

  const save = async () => {
    if (!actual) return;
    try {
      await guardar.mutateAsync({ firma_sin_revocacion: actual });
      setValor(null);
      notify.success(m.guardado);
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <Card withBorder data-testid="firma-configuracion">
      <Stack gap="xs">
        <div>
          <Title order={5}>{m.titulo}</Title>
          <Text size="xs" c="dimmed">
            {m.ayuda}
          </Text>
        </div>
        {config.isError ? <Alert color="red">{errorText(config.error)}</Alert> : null}
        {actual ? (
          <Radio.Group value={actual} onChange={(v) => setValor(v as FirmaSinRevocacion)}>
            <Stack gap={6}>
              {FIRMA_SIN_REVOCACION.map((opcion) => (
                <Radio key={opcion} value={opcion} label={m.opciones[opcion]} disabled={!puedeEditar} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {puedeEditar ? (
          <Group justify="flex-end">
            <Button size="xs" onClick={() => void save()} loading={guardar.isPending} disabled={valor === null || valor === config.data?.firma_sin_revocacion}>
              {m.guardar}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {m.soloReceptor}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
