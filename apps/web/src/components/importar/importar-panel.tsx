import { Alert, Badge, Button, Checkbox, FileInput, Group, Paper, Pagination, Progress, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IMPORTAR_COLUMNAS, type ImportarFila, type ImportarMapeo, type ImportarPreview } from '@receptoria/contracts';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconFileZip, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { saveFile } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { confirmarImportacion, type ImportarCliente, type ImportarConfirmado, subirPlanilla } from './importar-api';
import { importarTexts as m } from './messages';

type Filtro = 'todas' | 'listos' | 'errores' | 'duplicados';
const POR_PAGINA = 50;

const lista = (f: ImportarFila) => Object.keys(f.errores).length === 0 && f.duplicado === null;
const creada = (f: ImportarFila) => f.encargo_id !== null || f.solicitud_id !== null;
const tituloDe = new Map(IMPORTAR_COLUMNAS.map((c) => [c.campo, c.titulo]));

function EstadoFila({ fila, portal }: { fila: ImportarFila; portal: boolean }) {
  if (creada(fila)) return <Badge color="teal">{portal ? m.estado.enviada : m.estado.creada}</Badge>;
  if (Object.keys(fila.errores).length > 0) return <Badge color="red">{m.estado.errores}</Badge>;
  if (fila.duplicado) return <Badge color="yellow">{m.estado.duplicado}</Badge>;
  return <Badge color="blue">{m.estado.lista}</Badge>;
}

function Detalle({ fila }: { fila: ImportarFila }) {
  const errores = Object.entries(fila.errores);
  return (
    <Stack gap={2}>
      {errores.map(([campo, mensajes]) => (
        <Text key={campo} size="xs" c="red">
          {tituloDe.get(campo) ?? campo}: {mensajes.join('; ')}
        </Text>
      ))}
      {fila.duplicado && fila.motivo ? (
        <Text size="xs" c="yellow.8">
          {fila.motivo}
        </Text>
      ) : null}
      {fila.documentos.length > 0 ? (
        <Text size="xs" c="dimmed">
          {m.pdfs(fila.documentos.length)}: {fila.documentos.map((d) => d.campo).join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}

export interface ImportarPanelProps {
  lado: 'oficina' | 'portal';
  cliente: ImportarCliente;
  /** Office only: the firms to choose from. */
  estudios?: ReadonlyArray<{ id: number; nombre: string }>;
}

/**
 * Upload a sheet (and a ZIP of PDFs), map unknown columns, review each row (filters: con errores,
 * duplicados, listos), choose, confirm, download the outcome. The same panel for the office and the portal.
 */
export function ImportarPanel({ lado, cliente, estudios }: ImportarPanelProps) {
  const t = m[lado];
  const portal = lado === 'portal';
  const [estudio, setEstudio] = useState<string | null>(null);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [mapeo, setMapeo] = useState<ImportarMapeo>({});
  const [subida, setSubida] = useState<number | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportarPreview | null>(null);
  const [hecho, setHecho] = useState<ImportarConfirmado | null>(null);
  const [filtro, setFiltro] = useState<Filtro>('todas');
  const [pagina, setPagina] = useState(1);
  const [excluidas, setExcluidas] = useState<Set<number>>(new Set());

  const filtradas = useMemo(() => {
    const filas = preview?.filas ?? [];
    if (filtro === 'listos') return filas.filter(lista);
    if (filtro === 'errores') return filas.filter((f) => Object.keys(f.errores).length > 0);
    if (filtro === 'duplicados') return filas.filter((f) => f.duplicado !== null);
    return filas;
  }, [preview, filtro]);
  const elegibles = useMemo(() => (preview?.filas ?? []).filter((f) => lista(f) && !creada(f)), [preview]);
  const elegidas = elegibles.filter((f) => !excluidas.has(f.n));

  async function revisar(conMapeo: ImportarMapeo = mapeo) {
    setError(null);
    if (!portal && !estudio) return setError(m.faltaEstudio);
    if (!archivo) return setError(m.faltaArchivo);
    const form = new FormData();
    if (!portal && estudio) form.set('estudio', estudio);
    if (Object.keys(conMapeo).length > 0) form.set('mapeo', JSON.stringify(conMapeo));
    form.set('archivo', archivo, archivo.name);
    if (zip) form.set('documentos', zip, zip.name);
    setSubida(0);
    try {
      const result = await subirPlanilla(cliente, form, setSubida);
      setPreview(result);
      setHecho(null);
      setExcluidas(new Set());
      setPagina(1);
      setFiltro('todas');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSubida(null);
    }
  }

  async function confirmar() {
    if (!preview) return;
    setError(null);
    setConfirmando(true);
    try {
      const todas = excluidas.size === 0;
      const result = await confirmarImportacion(cliente, preview.id, todas ? undefined : elegidas.map((f) => f.n));
      setHecho(result);
      const leido = await cliente.get<ImportarPreview>(`${cliente.base}/${preview.id}/`).catch(() => null);
      if (leido) setPreview({ ...leido, columnas: preview.columnas, documentos_sin_fila: preview.documentos_sin_fila });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setConfirmando(false);
    }
  }

  async function descargar(path: string, nombre: string) {
    try {
      const file = await cliente.download(path);
      saveFile(file.blob, file.filename ?? nombre);
    } catch (e) {
      setError(errorText(e));
    }
  }

  function reiniciar() {
    setPreview(null);
    setHecho(null);
    setArchivo(null);
    setZip(null);
    setError(null);
  }

  const plantillaPath = `${cliente.base}/plantilla.xlsx${!portal && estudio ? `?estudio=${estudio}` : ''}`;
  const paginas = Math.max(1, Math.ceil(filtradas.length / POR_PAGINA));
  const visibles = filtradas.slice((pagina - 1) * POR_PAGINA, pagina * POR_PAGINA);
  const ocupado = subida !== null || confirmando;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t.title}</Title>
        <Text c="dimmed">{t.intro}</Text>
      </div>

      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}

      {!preview ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {!portal ? (
              <Select
                label={m.estudio}
                placeholder={m.estudioPlaceholder}
                data={(estudios ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
                value={estudio}
                onChange={setEstudio}
                searchable
              />
            ) : null}
            <Group>
              <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void descargar(plantillaPath, 'plantilla_encargos.xlsx')}>
                {m.plantilla}
              </Button>
            </Group>
            <FileInput
              label={m.archivo}
              placeholder={m.archivoPlaceholder}
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={archivo}
              onChange={setArchivo}
              clearable
            />
            <FileInput
              label={m.documentos}
              placeholder={m.documentosPlaceholder}
              accept=".zip,application/zip"
              leftSection={<IconFileZip size={16} />}
              value={zip}
              onChange={setZip}
              clearable
            />
            {subida !== null ? (
              <Stack gap={4}>
                <Progress value={subida < 1 ? Math.round(subida * 100) : 100} animated={subida >= 1} aria-label={m.subiendo(Math.round(subida * 100))} />
                <Text size="sm" c="dimmed">
                  {subida < 1 ? m.subiendo(Math.round(subida * 100)) : m.revisando}
                </Text>
              </Stack>
            ) : null}
            <Group>
              <Button leftSection={<IconUpload size={16} />} onClick={() => void revisar()} loading={subida !== null}>
                {m.revisar}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {preview && preview.columnas.desconocidas.length > 0 && !hecho ? (
        <Paper withBorder p="md">
          <Title order={3} fz="h4">
            {m.mapeoTitulo}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {m.mapeoIntro}
          </Text>
          <Stack gap="xs">
            {preview.columnas.desconocidas.map((encabezado) => (
              <Select
                key={encabezado}
                label={encabezado}
                data={[{ value: '', label: m.noUsar }, ...IMPORTAR_COLUMNAS.map((c) => ({ value: c.campo, label: c.titulo }))]}
                value={mapeo[encabezado] ?? null}
                onChange={(value) => setMapeo((prev) => ({ ...prev, [encabezado]: value ?? '' }))}
              />
            ))}
          </Stack>
          <Button mt="sm" variant="light" onClick={() => void revisar(mapeo)} loading={subida !== null}>
            {m.aplicarMapeo}
          </Button>
        </Paper>
      ) : null}

      {preview ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="xs" aria-label="Resumen">
              <Badge variant="light" size="lg">{`${m.resumen.total}: ${preview.resumen.total}`}</Badge>
              <Badge variant="light" size="lg" color="blue">{`${m.resumen.listas}: ${preview.resumen.listas}`}</Badge>
              <Badge variant="light" size="lg" color="red">{`${m.resumen.conErrores}: ${preview.resumen.con_errores}`}</Badge>
              <Badge variant="light" size="lg" color="yellow">{`${m.resumen.duplicados}: ${preview.resumen.duplicados}`}</Badge>
              <Badge variant="light" size="lg" color="gray">{`${m.resumen.documentos}: ${preview.resumen.documentos}`}</Badge>
            </Group>
            {preview.documentos_sin_fila.length > 0 ? (
              <Text size="sm" c="dimmed">
                {m.sinFila(preview.documentos_sin_fila.length)}
              </Text>
            ) : null}
            <SegmentedControl
              value={filtro}
              onChange={(value) => {
                setFiltro(value as Filtro);
                setPagina(1);
              }}
              data={[
                { value: 'todas', label: m.filtros.todas },
                { value: 'listos', label: m.filtros.listos },
                { value: 'errores', label: m.filtros.errores },
                { value: 'duplicados', label: m.filtros.duplicados },
              ]}
            />
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover aria-label="Filas de la planilla">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{m.columnas.elegir}</Table.Th>
                    <Table.Th>{m.columnas.fila}</Table.Th>
                    <Table.Th>{m.columnas.rol}</Table.Th>
                    <Table.Th>{m.columnas.tribunal}</Table.Th>
                    <Table.Th>{m.columnas.ejecutados}</Table.Th>
                    <Table.Th>{m.columnas.estado}</Table.Th>
                    <Table.Th>{m.columnas.detalle}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {visibles.map((fila) => (
                    <Table.Tr key={fila.n} data-fila={fila.n}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Crear fila ${fila.n}`}
                          disabled={!lista(fila) || creada(fila) || hecho !== null}
                          checked={lista(fila) && !creada(fila) && !excluidas.has(fila.n)}
                          onChange={(event) => {
                            const checked = event.currentTarget.checked;
                            setExcluidas((prev) => {
                              const next = new Set(prev);
                              if (checked) next.delete(fila.n);
                              else next.add(fila.n);
                              return next;
                            });
                          }}
                        />
                      </Table.Td>
                      <Table.Td>{fila.n}</Table.Td>
                      <Table.Td>{fila.valores.numero_rol ?? ''}</Table.Td>
                      <Table.Td>{fila.valores.tribunal ?? ''}</Table.Td>
                      <Table.Td>{fila.valores.ejecutados ?? ''}</Table.Td>
                      <Table.Td>
                        <EstadoFila fila={fila} portal={portal} />
                      </Table.Td>
                      <Table.Td>
                        <Detalle fila={fila} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {filtradas.length === 0 ? <Text c="dimmed">{m.sinFilas}</Text> : null}
            {paginas > 1 ? <Pagination total={paginas} value={pagina} onChange={setPagina} /> : null}

            {confirmando ? (
              <Stack gap={4}>
                <Progress value={100} animated striped aria-label={t.confirmando} />
                <Text size="sm" c="dimmed">
                  {t.confirmando}
                </Text>
              </Stack>
            ) : null}

            {hecho ? (
              <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
                {t.hecho(hecho.creadas)}
              </Alert>
            ) : null}

            <Group>
              {!hecho ? (
                <Button onClick={() => void confirmar()} loading={confirmando} disabled={ocupado || elegidas.length === 0}>
                  {elegidas.length === 0 ? m.ninguna : t.confirmar(elegidas.length)}
                </Button>
              ) : null}
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => void descargar(`${cliente.base}/${preview.id}/resultado.xlsx`, 'resultado_importacion.xlsx')}
              >
                {m.resultado}
              </Button>
              <Button variant="subtle" onClick={reiniciar} disabled={ocupado}>
                {m.otra}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
