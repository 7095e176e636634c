/** Spanish texts of the assignment form's shared parts (Nuevo Encargo, Re-encargos, the portal's request). */
export const encargoFormMessages = {
  select: 'Seleccione...',
  domicilios: {
    direccion: 'Dirección',
    comuna: 'Comuna',
    ciudad: 'Ciudad',
    principal: 'Principal',
    add: 'Agregar domicilio',
    remove: 'Quitar domicilio',
    confirmRemove: {
      title: '¿Quitar este domicilio?',
      text: (n: number, domicilio: string) => `El domicilio ${n} (${domicilio}) se quitará del formulario y no se guardará con el encargo.`,
      confirm: 'Quitar',
    },
    item: (n: number) => `Domicilio ${n}`,
    direccionPlaceholder: 'Calle, número, depto.',
  },
} as const;
