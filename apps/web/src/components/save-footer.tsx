import { Alert, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../lib/error-text';
import { notify } from '../lib/notify';

interface FooterAction {
  label: string;
  onClick: () => void;
}

interface SaveFooterProps {
  /** Why the last save did not go through: the form's own check or the API's words. */
  problema: string | null;
  problemaTestId?: string;
  saveLabel: string;
  onSave: () => void;
  saving: boolean;
  /** On the left: adds a row to the list being edited. */
  add?: FooterAction;
  /** Beside save: drops the edits and shows again what was read. */
  discard?: FooterAction;
  maw?: number;
}

/** The foot of a settings editor saved whole: the last save's problem, then add on the left and discard and save on the right. */
export function SaveFooter({ problema, problemaTestId, saveLabel, onSave, saving, add, discard, maw }: SaveFooterProps) {
  return (
    <>
      {problema ? (
        <Alert color="red" data-testid={problemaTestId}>
          {problema}
        </Alert>
      ) : null}
      <Group justify={add ? 'space-between' : 'flex-end'} maw={maw}>
        {add ? (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add.onClick}>
            {add.label}
          </Button>
        ) : null}
        <Group gap="xs">
          {discard ? (
            <Button variant="default" onClick={discard.onClick} disabled={saving}>
              {discard.label}
            </Button>
          ) : null}
          <Button onClick={onSave} loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Group>
    </>
  );
}

/**
 * The problem a form shows (a SaveFooter's, a CobroFormCard's) and the save that sets it: `action` answers
 * the form's own check's message (nothing is sent) or nothing; an API refusal is shown and toasted.
 */
export function useSaveProblema() {
  const [problema, setProblema] = useState<string | null>(null);
  const trySave = async (action: () => Promise<string | undefined>) => {
    setProblema(null);
    try {
      const local = await action();
      if (local !== undefined) setProblema(local);
    } catch (error) {
      const text = errorText(error);
      setProblema(text);
      notify.error(text);
    }
  };
  return { problema, setProblema, trySave };
}
