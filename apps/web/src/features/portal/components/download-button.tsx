import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, saveFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { portalApi, portalPathOf } from '../lib/portal-api';
import { portalTexts } from '../messages';

/** Downloads a file the portal links to (certificates, receipts) with the portal's token. */
export function DownloadButton({ url, label, fallbackName }: { url: string; label: string; fallbackName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await portalApi.download(portalPathOf(url));
      saveFile(file.blob, file.filename ?? fallbackName);
    } catch (error) {
      notify.error(error instanceof ApiError && error.detail ? error.detail : portalTexts.encargo.downloadError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={busy} onClick={() => void download()}>
      {label}
    </Button>
  );
}

