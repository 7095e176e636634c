import { Stack } from '@mantine/core';
import { ArancelPanel } from './arancel-panel';
import { RetencionPanel } from './retencion-panel';
import { TarifasPanel } from './tarifas-panel';

/** Cobranza › Tarifas (issue 25): the general price list, the official schedule with the month's UTM, and the retention rates. */
export function TarifasTab() {
  return (
    <Stack gap="lg">
      <TarifasPanel estudioId={null} />
      <ArancelPanel />
      <RetencionPanel />
    </Stack>
  );
}
