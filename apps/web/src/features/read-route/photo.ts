import { READING_PHOTO_MAX_BYTES } from '@portal/contract';

/** The longest side a photo of a meter face is sent at: its digits stay legible, a phone's 4 MB shot becomes a few hundred kB. */
const LONGEST_SIDE = 1600;

const base64Of = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });

/** A photo made smaller as a JPEG (the browser draws it on a canvas); null where the browser cannot. */
async function shrunk(file: File): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
  } catch {
    return null;
  }
}

/**
 * A photo of the meter face as the server takes it (base64 of a JPEG or PNG of at most 2 MB):
 * as taken when it is one already, else made smaller; null when it cannot be (the person is told).
 */
export async function photoToSend(file: File): Promise<string | null> {
  const fits = (b: Blob) => b.size <= READING_PHOTO_MAX_BYTES && ['image/jpeg', 'image/png'].includes(b.type);
  if (fits(file)) return base64Of(file);
  const small = await shrunk(file);
  return small && fits(small) ? base64Of(small) : null;
}
