import { Button, Card, Group, Skeleton, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconNotes } from '@tabler/icons-react';
import { formatDateTime } from '@receptoria/contracts';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { useApunte } from '../api/get-apunte';
import { useSaveApunte } from '../api/save-apunte';
import { dashboardMessages } from '../messages';
import { bulletOnBlur, bulletOnEnter, bulletOnFocus } from '../note-bullets';

const m = dashboardMessages.notes;
/** 'Guardado' shows for 1.5 seconds after a save (spec 01 §9). */
export const SAVED_CONFIRMATION_MS = 1500;

export function PersonalNotes() {
  const apunte = useApunte();

  useEffect(() => {
    // Load errors are only logged (spec 01 §8); the note then starts empty.
    if (apunte.error) console.error('No se pudieron cargar los apuntes', apunte.error);
  }, [apunte.error]);

  return (
    <Card padding="lg" h="100%">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" color="yellow" size={34} radius="md">
          <IconNotes size={20} />
        </ThemeIcon>
        <Title order={4}>{m.title}</Title>
      </Group>
      {apunte.isPending ? (
        <Stack gap="sm">
          <Skeleton h={150} />
          <Skeleton h={30} w={120} ml="auto" />
        </Stack>
      ) : (
        <NotesEditor
          initialText={apunte.data?.texto ?? ''}
          updatedAt={apunte.data?.fecha_actualizacion ?? null}
        />
      )}
    </Card>
  );
}

function NotesEditor({ initialText, updatedAt }: { initialText: string; updatedAt: string | null }) {
  const [text, setText] = useState(initialText);
  const [savedVisible, setSavedVisible] = useState(false);
  const [lastSaved, setLastSaved] = useState(updatedAt);
  const [savedText, setSavedText] = useState(initialText);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const save = useSaveApunte();

  // Places the caret after a bullet edit, once React has written the new value.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const textarea = textareaRef.current;
    if (caret === null || !textarea) return;
    pendingCaret.current = null;
    textarea.setSelectionRange(caret, caret);
  }, [text]);

  useEffect(() => {
    if (!savedVisible) return;
    const timer = window.setTimeout(() => setSavedVisible(false), SAVED_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [savedVisible]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void submit();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.nativeEvent.isComposing) return;
    const target = event.currentTarget;
    const edit = bulletOnEnter(target.value, target.selectionStart, target.selectionEnd);
    if (!edit) return;
    event.preventDefault();
    pendingCaret.current = edit.caret;
    setText(edit.value);
  };

  const onFocus = () => {
    const next = bulletOnFocus(text);
    if (next !== text) {
      pendingCaret.current = next.length;
      setText(next);
    }
  };

  const onBlur = () => setText((current) => bulletOnBlur(current));

  const empty = text.trim() === '' || text.trim() === '•';
  // Guardar stays disabled on an empty note (spec 01 §2) unless a saved note exists: saving the empty
  // text is how a note is erased (issue 11).
  const canSave = (!empty || savedText !== '') && !save.isPending;

  async function submit() {
    if (!canSave) return;
    const texto = empty ? '' : text;
    if (texto === '' && !(await confirmAction({ title: m.eraseTitle, text: m.eraseText, confirm: m.eraseConfirm }))) return;
    save.mutate(
      { texto },
      {
        onSuccess: (result) => {
          setSavedText(texto);
          setLastSaved(result.fecha_actualizacion);
          setSavedVisible(true);
        },
      },
    );
  }

  return (
    <Stack gap="sm" h="100%">
      <Textarea
        ref={textareaRef}
        aria-label={m.title}
        placeholder={m.placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        autosize
        minRows={6}
        maxRows={12}
        styles={{ input: { lineHeight: 1.55 } }}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="notes-updated-at">
          {lastSaved ? `${m.updatedAt} ${formatDateTime(lastSaved)}` : m.neverSaved}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {savedVisible && (
            <Group gap={4} c="teal.7" role="status">
              <IconCheck size={16} />
              <Text size="sm" fw={600}>
                {m.saved}
              </Text>
            </Group>
          )}
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={() => void submit()}
            disabled={!canSave}
            loading={save.isPending}
          >
            {m.save}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
