import { FOTO_LADO_MAX_PX, FOTO_MAX_BYTES } from '@receptoria/contracts';

/** The size of an image scaled down (never up) so its longer side is at most `max` pixels. */
export function fitWithin(width: number, height: number, max: number = FOTO_LADO_MAX_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const QUALITIES = [0.85, 0.75, 0.6, 0.45] as const;

/**
 * A camera photo as the server takes it: turned upright (EXIF), at most 1,600 px on its longer side,
 * JPEG, under the 5 MB limit. Runs in the browser before the photo is queued.
 */
export async function resizePhoto(file: Blob, max: number = FOTO_LADO_MAX_PX): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Sin contexto 2D para reducir la foto');
    // JPEG has no transparency: a white background instead of black under transparent PNG pixels.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (!blob) throw new Error('No se pudo codificar la foto');
      if (blob.size <= FOTO_MAX_BYTES || quality === QUALITIES[QUALITIES.length - 1]) return blob;
    }
    throw new Error('No se pudo reducir la foto');
  } finally {
    bitmap.close();
  }
}
