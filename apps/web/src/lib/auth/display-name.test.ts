import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName', () => {
  it('uses the first and last name of the profile', () => {
    expect(displayName({ username: 'receptor_x', first_name: 'María José', last_name: 'Pérez Soto' })).toBe(
      'María José Pérez Soto',
    );
  });

  it('uses the first name alone when there is no last name', () => {
    expect(displayName({ username: 'receptor_x', first_name: 'Ana', last_name: '' })).toBe('Ana');
  });

  it('derives the name from the username without the receptor_ prefix', () => {
    expect(displayName({ username: 'receptor_juan_perez', first_name: '', last_name: '' })).toBe('Juan Perez');
  });

  it('capitalises each word of a username without prefix', () => {
    expect(displayName({ username: 'maria_ines_rojas' })).toBe('Maria Ines Rojas');
  });

  it('ignores blank names', () => {
    expect(displayName({ username: 'receptor_ñuñoa', first_name: '  ', last_name: null })).toBe('Ñuñoa');
  });

  it('keeps a plain username', () => {
    expect(displayName({ username: 'admin' })).toBe('Admin');
  });

  it('removes the prefix only at the start', () => {
    expect(displayName({ username: 'ana_receptor_sur' })).toBe('Ana Receptor Sur');
  });
});
