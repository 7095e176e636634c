/** Bullet behaviour of the personal notes (spec 01 §2 Dashboard), as pure text edits. */
export const BULLET = '• ';
const BULLET_MARK = '•';

export interface TextEdit {
  value: string;
  /** Caret position after the edit. */
  caret: number;
}

function lineAround(value: string, position: number) {
  const start = value.lastIndexOf('\n', position - 1) + 1;
  const newline = value.indexOf('\n', position);
  const end = newline === -1 ? value.length : newline;
  return { start, end, text: value.slice(start, end) };
}

/**
 * Enter pressed with the selection [start, end]. On a line starting with a bullet it continues the
 * bullet on the next line; on an empty bullet line it removes the bullet. Null: a plain new line.
 */
export function bulletOnEnter(value: string, start: number, end: number = start): TextEdit | null {
  const line = lineAround(value, start);
  if (!line.text.startsWith(BULLET_MARK)) return null;
  const markerLength = line.text.startsWith(BULLET) ? BULLET.length : BULLET_MARK.length;
  // With the caret before or inside the marker, Enter simply opens a line above.
  if (start < line.start + markerLength) return null;

  const isEmptyBullet = line.text.slice(BULLET_MARK.length).trim() === '';
  if (isEmptyBullet && end <= line.end) {
    return { value: value.slice(0, line.start) + value.slice(line.end), caret: line.start };
  }
  const inserted = `\n${BULLET}`;
  return { value: value.slice(0, start) + inserted + value.slice(end), caret: start + inserted.length };
}

/** Focusing an empty note starts it with a bullet. */
export function bulletOnFocus(value: string): string {
  return value.trim() === '' ? BULLET : value;
}

/** Leaving a note that holds only a bullet clears it. */
export function bulletOnBlur(value: string): string {
  return value.trim() === BULLET_MARK ? '' : value;
}
