import { Button, Group, Text } from '@mantine/core';

/**
 * Previous/next under a list with 'Página n de m', only when the list has more than one page (or the
 * page is past the first). Its texts come from the screen: the account statements page movements back
 * from the most recent ('Más recientes' / 'Anteriores') and open receipts on from the oldest.
 */
export function Pager(props: {
  testId: string;
  page: number;
  total: number;
  pageSize: number;
  texto: (page: number, pages: number, total: number) => string;
  /** Labels of the buttons to page − 1 and page + 1. */
  atras: string;
  adelante: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1 && props.page <= 1) return null;
  return (
    <Group justify="space-between" mt="sm" data-testid={props.testId}>
      <Button variant="default" size="xs" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {props.atras}
      </Button>
      <Text size="sm" c="dimmed">
        {props.texto(props.page, pages, props.total)}
      </Text>
      <Button variant="default" size="xs" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {props.adelante}
      </Button>
    </Group>
  );
}
