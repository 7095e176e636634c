import { ActionIcon, Badge, Button, Checkbox, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { type DocumentoFirma, type DocumentoFirmaEstado, formatDate, formatDateTime } from '@receptoria/contracts';
import { IconDownload } from '@tabler/icons-react';
import { firmaUiMessages } from '../messages';

const m = firmaUiMessages.porFirmar;

interface DocumentosFirmaTableProps {
  estado: DocumentoFirmaEstado;
  documentos: DocumentoFirma[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onDownload: (documento: DocumentoFirma) => void;
  onMarcarSubido: (documento: DocumentoFirma) => void;
}

/** The documents of one state: selectable to sign (pdf) or to zip (firmado); downloads of signed ones. */
export function DocumentosFirmaTable({ estado, documentos, selected, onToggle, onToggleAll, onDownload, onMarcarSubido }: DocumentosFirmaTableProps) {
  const selectable = estado === 'pdf' || estado === 'firmado';
  const all = documentos.length > 0 && documentos.every((d) => selected.has(d.id));
  const some = documentos.some((d) => selected.has(d.id));
  const firmados = estado !== 'pdf';
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={720} data-testid={`documentos-${estado}`}>
        <Table.Thead>
          <Table.Tr>
            {selectable ? (
              <Table.Th w={40}>
                <Checkbox aria-label={m.seleccionarTodos} checked={all} indeterminate={some && !all} onChange={onToggleAll} />
              </Table.Th>
            ) : null}
            <Table.Th>{m.col.rol}</Table.Th>
            <Table.Th>{m.col.tipo}</Table.Th>
            <Table.Th>{m.col.estudio}</Table.Th>
            <Table.Th>{m.col.creado}</Table.Th>
            {firmados ? <Table.Th>{m.col.firmado}</Table.Th> : null}
            {estado === 'subido' ? <Table.Th>{m.col.subido}</Table.Th> : null}
            {firmados ? <Table.Th>{m.col.codigo}</Table.Th> : null}
            {firmados ? <Table.Th>{m.nivel}</Table.Th> : null}
            {firmados ? <Table.Th aria-label={m.descargar} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documentos.map((d) => (
            <Table.Tr key={d.id} data-testid={`documento-${d.id}`}>
              {selectable ? (
                <Table.Td>
                  <Checkbox aria-label={m.seleccionar(d.numero_rol)} checked={selected.has(d.id)} onChange={() => onToggle(d.id)} />
                </Table.Td>
              ) : null}
              <Table.Td fw={600}>{d.numero_rol}</Table.Td>
              <Table.Td>{d.tipo ?? '—'}</Table.Td>
              <Table.Td>{d.estudio?.nombre ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(d.creado, '—')}</Table.Td>
              {firmados ? (
                <Table.Td>
                  {formatDateTime(d.firmado, '—')}
                  {d.revocacion?.verificada === false ? (
                    <Tooltip label={m.revocacionNoVerificadaAyuda(d.revocacion.motivo)} multiline w={340}>
                      <Badge ml="xs" size="sm" variant="light" color="orange" data-testid={`revocacion-${d.id}`}>
                        {m.revocacionNoVerificada}
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              ) : null}
              {estado === 'subido' ? <Table.Td>{d.subido ? formatDate(d.subido) : '—'}</Table.Td> : null}
              {firmados ? (
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {d.codigo_verificacion ?? '—'}
                  </Text>
                </Table.Td>
              ) : null}
              {firmados ? (
                <Table.Td>
                  {d.nivel ? (
                    <Tooltip label={m.nivelAyuda[d.nivel]}>
                      <Badge size="sm" variant="light" color={d.nivel === 'B-B' ? 'gray' : 'teal'} data-testid={`nivel-${d.id}`}>
                        {d.nivel}
                      </Badge>
                    </Tooltip>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              ) : null}
              {firmados ? (
                <Table.Td>
                  <Tooltip label={m.descargar}>
                    <ActionIcon variant="subtle" aria-label={m.descargarAria(d.numero_rol)} onClick={() => onDownload(d)}>
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {estado === 'firmado' ? (
                    <Button size="compact-xs" variant="light" ml="xs" aria-label={m.marcarSubidoAria(d.numero_rol)} onClick={() => onMarcarSubido(d)}>
                      {m.marcarSubido}
                    </Button>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
