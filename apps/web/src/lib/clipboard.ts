/** Copies a text: the Clipboard API, or the selected field where the browser refuses it (plain http). */
export async function copiarTexto(texto: string, campo?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(texto);
      return true;
    }
  } catch {
    // fall through to the selected field
  }
  if (!campo) return false;
  campo.focus();
  campo.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
