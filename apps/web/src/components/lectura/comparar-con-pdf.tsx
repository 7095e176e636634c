import { Alert, Badge, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ENCARGO_FIELD_LABELS, formatCLP, formatDate, type FuenteLectura, LECTURA_CONFIANZA_ALTA, type LecturaDocumentosResponse } from '@receptoria/contracts';
import { IconAlertTriangle, IconFileSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type EncargoFormValues, isBlank } from '../encargo-form/encargo-form-values';
import { FuenteBadge } from './fuente-badge';
import type { LecturaContextValue } from './lectura-context';
import { CAMPOS_LEIBLES, type CampoLeible, domicilioPresente, type LecturaEnForm, sameValue } from './lectura-fill';
import { LecturaEstado, useLecturaEnCurso } from './lectura-en-curso';
import { readLectura } from './leer-stream';
import { leerPdfMessages as m } from './messages';

export interface CompararConPdfProps {
  /** Reads the request's stored PDFs; resolves with the raw answer. */
  enviar: (signal: AbortSignal) => Promise<Response>;
  /** The values the firm sent. */
  valoresEstudio: EncargoFormValues;
  /** Sets the reading beside the form (its fields then show each source and difference). */
  onLeido: (respuesta: LecturaDocumentosResponse) => LecturaEnForm;
  describir: LecturaContextValue['describir'];
}

interface Fila {
  campo: string;
  estudio: string;
  leido: string;
  fuente: FuenteLectura;
  igual: boolean;
}

const FECHAS = new Set<string>(['fecha_demanda', 'fecha_resolucion']);

function texto(campo: CampoLeible, valor: unknown, describir: LecturaContextValue['describir']): string {
  if (isBlank(valor)) return '—';
  if (campo === 'cuantia') return formatCLP(valor as string | number);
  if (FECHAS.has(campo)) return formatDate(String(valor), String(valor));
  return describir(campo, valor as string | number);
}

/** The rows of the comparison: each field read, the firm's value and the read one; then the addresses. */
export function filasComparacion(lectura: LecturaEnForm, estudio: EncargoFormValues, describir: LecturaContextValue['describir']): Fila[] {
  const filas: Fila[] = [];
  for (const campo of CAMPOS_LEIBLES) {
    const leido = lectura.leidos[campo];
    if (!leido) continue;
    filas.push({
      campo: ENCARGO_FIELD_LABELS[campo],
      estudio: texto(campo, estudio[campo], describir),
      leido: texto(campo, leido.valor, describir),
      fuente: leido.fuente,
      igual: sameValue(campo, estudio[campo], leido.valor),
    });
  }
  lectura.domicilios.forEach(({ domicilio, fuente }, index) => {
    const presente = domicilioPresente(estudio.domicilios, domicilio);
    filas.push({
      campo: m.domicilioLeido(index + 1),
      estudio: presente ? [domicilio.direccion, domicilio.comuna].filter(Boolean).join(', ') : '—',
      leido: [domicilio.direccion, domicilio.comuna].filter(Boolean).join(', '),
      fuente,
      igual: presente,
    });
  });
  return filas;
}

/**
 * The office's check of a portal request: its own PDFs read on demand and each value set beside the
 * firm's, differences highlighted (here and on the form's fields). Nothing changes until the person
 * edits the form.
 */
export function CompararConPdf({ enviar, valoresEstudio, onLeido, describir }: CompararConPdfProps) {
  const { leyendo, progreso, error, leer } = useLecturaEnCurso();
  const [filas, setFilas] = useState<Fila[] | null>(null);
  const [advertencias, setAdvertencias] = useState<string[]>([]);

  const comparar = () =>
    leer(async (signal, onProgreso) => {
      const respuesta = await readLectura(await enviar(signal), onProgreso);
      const lectura = onLeido(respuesta);
      setFilas(filasComparacion(lectura, valoresEstudio, describir));
      setAdvertencias(respuesta.advertencias);
    });

  const diferencias = filas?.filter((fila) => !fila.igual).length ?? 0;

  return (
    <Paper withBorder p="md" shadow="xs" data-testid="comparar-con-pdf">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{m.compararTitulo}</Title>
          <Button size="xs" leftSection={<IconFileSearch size={14} />} onClick={() => void comparar()} loading={leyendo}>
            {filas ? m.releer : m.comparar}
          </Button>
        </Group>
        <LecturaEstado
          leyendo={leyendo}
          progreso={progreso}
          texto={
            progreso && progreso.etapa !== 'en_cola' && progreso.pagina > 0
              ? m.progreso(progreso.documento, progreso.pagina, progreso.paginas, progreso.etapa === 'ocr')
              : m.comparando
          }
          error={error}
        />
        {filas && (
          <>
            <Text size="sm" fw={600} c={diferencias > 0 ? 'orange.8' : 'teal.8'} data-testid="comparacion-resumen">
              {filas.length === 0 ? m.nadaLeido : m.diferencias(diferencias)}
            </Text>
            {filas.length > 0 && (
              <Table.ScrollContainer minWidth={560}>
                <Table striped={false} withTableBorder verticalSpacing={6} data-testid="comparacion">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{m.columnaCampo}</Table.Th>
                      <Table.Th>{m.columnaEstudio}</Table.Th>
                      <Table.Th>{m.columnaLeido}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {filas.map((fila) => (
                      <Table.Tr key={fila.campo} bg={fila.igual ? undefined : 'var(--mantine-color-orange-0)'} data-diferencia={fila.igual ? undefined : 'true'}>
                        <Table.Td fw={500}>{fila.campo}</Table.Td>
                        <Table.Td>{fila.estudio}</Table.Td>
                        <Table.Td>
                          <Stack gap={2} align="flex-start">
                            <Text size="sm">{fila.leido}</Text>
                            <FuenteBadge fuente={fila.fuente} estado={fila.fuente.confianza < LECTURA_CONFIANZA_ALTA ? 'revisar' : 'leido'} />
                          </Stack>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={fila.igual ? 'teal' : 'orange'} variant="light" tt="none">
                            {fila.igual ? m.igual : m.distinto}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {advertencias.length > 0 && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={m.advertencias}>
                <List size="sm" spacing={2}>
                  {advertencias.map((advertencia) => (
                    <List.Item key={advertencia}>{advertencia}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
