import { describe, expect, it } from 'vitest';
import { BULLET, bulletOnBlur, bulletOnEnter, bulletOnFocus } from './note-bullets';

describe('bulletOnEnter', () => {
  it('continues the bullet after a bulleted line', () => {
    const value = '• Llamar al tribunal';
    expect(bulletOnEnter(value, value.length)).toEqual({
      value: '• Llamar al tribunal\n• ',
      caret: value.length + 3,
    });
  });

  it('continues the bullet on a middle line and keeps the lines below', () => {
    const value = '• uno\n• dos\n• tres';
    const caret = value.indexOf('dos') + 3;
    expect(bulletOnEnter(value, caret)).toEqual({ value: '• uno\n• dos\n• \n• tres', caret: caret + 3 });
  });

  it('moves the text after the caret to the new bullet', () => {
    const value = '• pagar cuenta';
    const caret = value.indexOf(' cuenta');
    expect(bulletOnEnter(value, caret)?.value).toBe('• pagar\n•  cuenta');
  });

  it('replaces a selection with the new bullet line', () => {
    const value = '• borrar esto';
    const start = value.indexOf('esto');
    expect(bulletOnEnter(value, start, value.length)).toEqual({ value: '• borrar \n• ', caret: start + 3 });
  });

  it('removes the bullet of an empty bullet line instead of adding a line', () => {
    const value = '• uno\n• ';
    expect(bulletOnEnter(value, value.length)).toEqual({ value: '• uno\n', caret: 6 });
  });

  it('removes an empty bullet written without its space', () => {
    expect(bulletOnEnter('• uno\n•', 7)).toEqual({ value: '• uno\n', caret: 6 });
  });

  it('removes an empty bullet line in the middle of the note', () => {
    const value = '• uno\n• \n• tres';
    expect(bulletOnEnter(value, 8)).toEqual({ value: '• uno\n\n• tres', caret: 6 });
  });

  it('leaves lines without a bullet to the default behaviour', () => {
    expect(bulletOnEnter('texto libre', 5)).toBeNull();
    expect(bulletOnEnter('• uno\nlibre', 11)).toBeNull();
  });

  it('leaves Enter before the bullet marker to the default behaviour', () => {
    expect(bulletOnEnter('• uno', 0)).toBeNull();
    expect(bulletOnEnter('• uno', 1)).toBeNull();
  });
});

describe('bulletOnFocus', () => {
  it('starts an empty note with a bullet', () => {
    expect(bulletOnFocus('')).toBe(BULLET);
  });

  it('keeps a note that has text', () => {
    expect(bulletOnFocus('recordar')).toBe('recordar');
  });
});

describe('bulletOnBlur', () => {
  it('clears a note that holds only a bullet', () => {
    expect(bulletOnBlur(BULLET)).toBe('');
    expect(bulletOnBlur('•')).toBe('');
  });

  it('keeps a bullet that has text', () => {
    expect(bulletOnBlur('• pendiente')).toBe('• pendiente');
    expect(bulletOnBlur('• uno\n• ')).toBe('• uno\n• ');
  });
});
