/** Query keys of the receiver's identity. */
export const receptorKeys = {
  datos: ['receptor', 'datos'] as const,
};
