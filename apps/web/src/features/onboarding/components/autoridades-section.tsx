import { FileInput, Table, Text, Textarea } from '@mantine/core';
import { AutoridadCreateSchema, formatDate } from '@receptoria/contracts';
import { IconCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAutoridades, useCreateAutoridad } from '../api/autoridades';
import { type FrameColumn, QueryTable, SectionFrame } from './section-frame';
import { AgregarForm } from './agregar-form';

export const autoridadesMessages = {
  tab: 'Autoridades certificadoras',
  title: 'Certificados de autoridades certificadoras',
  subtitle:
    'Certificados de CA que la plataforma agrega a la cadena de los certificados de firma de los receptores (además de los que trae cada certificado). Agregue solo certificados de autoridades acreditadas.',
  loading: 'Cargando autoridades...',
  loadError: 'No se pudieron cargar las autoridades certificadoras.',
  empty: 'Aún no hay certificados de autoridades agregados.',
  columns: { nombre: 'Nombre', sujeto: 'Sujeto', emisor: 'Emisor', huella: 'Huella SHA-256', vigencia: 'Vigencia' },
  vigencia: (desde: string, hasta: string) => `${desde} al ${hasta}`,
  agregar: 'Agregar certificado',
  pegar: 'Certificado en PEM',
  pegarHint: 'Pegue el texto desde -----BEGIN CERTIFICATE----- hasta -----END CERTIFICATE-----, o suba el archivo.',
  archivo: 'O suba el archivo del certificado',
  archivoPlaceholder: '.cer, .crt, .pem o .der',
  archivoIlegible: 'No se pudo leer el archivo. Revise que sea un certificado .cer, .crt, .pem o .der.',
  agregado: (nombre: string) => `Se agregó el certificado de ${nombre}.`,
  error: 'No se pudo agregar el certificado. Intente nuevamente.',
};
const m = autoridadesMessages;

const columns: FrameColumn[] = [
  { label: m.columns.nombre },
  { label: m.columns.sujeto },
  { label: m.columns.emisor },
  { label: m.columns.huella },
  { label: m.columns.vigencia },
];

/** The fingerprint in pairs (AB:CD:…), as certificate viewers show it. */
const huella = (hex: string) => hex.toUpperCase().match(/.{1,2}/g)?.join(':') ?? hex;

/**
 * A certificate file as the API takes it: PEM text as is; a binary DER (.cer/.der usually) in base64.
 * A .cer may be either, so the content decides.
 */
export async function leerArchivoCertificado(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const texto = new TextDecoder('latin1').decode(bytes);
  if (texto.includes('-----BEGIN')) return texto.trim();
  let binario = '';
  for (const byte of bytes) binario += String.fromCharCode(byte);
  return btoa(binario);
}

/** The platform admin's list of CA certificates and the form to add one (paste PEM or upload the file). */
export function AutoridadesSection() {
  const autoridades = useAutoridades();
  const rows = autoridades.data?.results ?? [];
  const create = useCreateAutoridad();
  const [pem, setPem] = useState('');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const elegir = async (file: File | null) => {
    setArchivo(file);
    setRefusal(null);
    if (!file) return;
    try {
      setPem(await leerArchivoCertificado(file));
    } catch {
      setRefusal(m.archivoIlegible);
    }
  };

  const agregar = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = AutoridadCreateSchema.safeParse({ certificado: pem });
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? m.error);
      return;
    }
    try {
      const creada = await create.mutateAsync(parsed.data);
      notify.success(m.agregado(creada.nombre));
      setPem('');
      setArchivo(null);
    } catch (error) {
      setRefusal(error instanceof ApiError && error.status < 500 && error.detail ? error.detail : m.error);
    }
  };

  return (
    <SectionFrame title={m.title} subtitle={m.subtitle}>
      <QueryTable
        query={autoridades}
        loading={m.loading}
        loadError={m.loadError}
        minWidth={900}
        label={m.title}
        columns={columns}
        empty={m.empty}
        isEmpty={rows.length === 0}
      >
        {rows.map((autoridad) => (
          <Table.Tr key={autoridad.id} data-testid={`autoridad-row-${autoridad.id}`}>
            <Table.Td>
              <Text fw={600}>{autoridad.nombre}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{autoridad.sujeto}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{autoridad.emisor}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {huella(autoridad.huella_sha256)}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.vigencia(formatDate(autoridad.valido_desde.slice(0, 10)), formatDate(autoridad.valido_hasta.slice(0, 10)))}</Table.Td>
          </Table.Tr>
        ))}
      </QueryTable>
      <AgregarForm label={m.agregar} onSubmit={(event) => void agregar(event)} refusal={refusal} loading={create.isPending}>
        <Textarea
          label={m.pegar}
          description={m.pegarHint}
          value={pem}
          onChange={(event) => setPem(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        <FileInput
          label={m.archivo}
          placeholder={m.archivoPlaceholder}
          accept=".cer,.crt,.pem,.der,application/x-x509-ca-cert,application/pkix-cert,application/x-pem-file"
          value={archivo}
          onChange={(file) => void elegir(file)}
          leftSection={<IconCertificate size={16} />}
          clearable
        />
      </AgregarForm>
    </SectionFrame>
  );
}
