import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { RespaldosConfig } from '../../lib/config';
import { cargarS3 } from '../../lib/lazy';

type S3Config = NonNullable<RespaldosConfig['s3']>;

const clients = new Map<string, S3Client>();

async function clientFor(config: S3Config): Promise<S3Client> {
  const s3 = await cargarS3();
  const key = JSON.stringify([config.endpoint, config.region, config.accessKeyId, config.forcePathStyle]);
  let client = clients.get(key);
  if (!client) {
    client = new s3.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without keys the SDK's usual chain (environment, instance role) is used.
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // S3-compatible services differ on the newer default checksums; send them only when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    clients.set(key, client);
  }
  return client;
}

/** Uploads one backup file as `<prefix><file name>`; returns its `s3://bucket/key`. */
export async function subirArchivo(config: S3Config, file: string): Promise<string> {
  const prefix = config.prefix && !config.prefix.endsWith('/') ? `${config.prefix}/` : config.prefix;
  const key = `${prefix}${path.basename(file)}`;
  const { size } = await stat(file);
  const { PutObjectCommand } = await cargarS3();
  const client = await clientFor(config);
  await client.send(
    new PutObjectCommand({
      Bucket: config.bucket,
      Key: key,
      Body: createReadStream(file),
      ContentLength: size,
      ContentType: file.endsWith('.sha256') ? 'text/plain' : 'application/octet-stream',
    }),
  );
  return `s3://${config.bucket}/${key}`;
}
