import { plantillaMessages, storedPlantillaName } from '@receptoria/contracts';

/** UI texts of Gestión de Plantillas (spec 02 §2.9); the spec's messages come from the contracts. */
export const plantillasMessages = {
  title: 'Gestión de Plantillas',
  subtitle: 'Plantillas de estampado del receptor y los marcadores que se reemplazan al generar un estampado.',
  create: {
    section: 'Nueva Plantilla',
    label: 'Nombre de la plantilla',
    placeholder: 'notificacion_especial',
    hint: (nombre: string) => `Se guardará como ${storedPlantillaName(nombre || '{nombre}')}`,
    button: 'Crear Plantilla',
    creating: plantillaMessages.creando,
    required: plantillaMessages.nombreRequerido,
    tipoLabel: 'Tipo de estampado',
    tipoPlaceholder: 'Seleccione el tipo de estampado',
    tipoHint: 'Los estampados de este tipo se generarán con esta plantilla.',
    tipoRequired: plantillaMessages.tipoRequerido,
    ok: plantillaMessages.creada,
    error: plantillaMessages.errorCrear,
  },
  list: {
    section: 'Plantillas Existentes',
    refresh: plantillaMessages.actualizar,
    empty: plantillaMessages.sinPlantillas,
    emptyHint: plantillaMessages.sinPlantillasAyuda,
    receptor: 'Receptor',
    modificada: 'Modificada',
    sinTipo: 'Sin tipo',
    google: 'Google Docs',
    personalizada: 'Personalizada',
    open: plantillaMessages.abrir,
    upload: 'Subir versión .docx',
    uploadOk: plantillaMessages.archivoActualizado,
    uploadError: plantillaMessages.archivoInvalido,
    uploadOnlyDocx: plantillaMessages.archivoInvalido,
    tooLarge: plantillaMessages.archivoDemasiadoGrande,
    noUrl: plantillaMessages.googleNoDisponible,
    downloadError: plantillaMessages.noEncontrada,
    confirmReplace: {
      title: (nombre: string) => `¿Reemplazar la plantilla ${nombre}?`,
      text: (nombre: string, archivo: string) =>
        `El archivo de la plantilla ${nombre} se reemplazará por ${archivo}. Los estampados que se generen desde ahora usarán la nueva versión; la versión actual no se guarda (descárguela antes con 'Abrir' si la necesita).`,
      confirm: 'Reemplazar',
    },
    unknownMarkers: {
      title: 'La plantilla tiene marcadores desconocidos',
      text: (marcadores: readonly string[]) =>
        `Estos marcadores no se reemplazan al generar un estampado y quedarán escritos tal cual en el documento: ${marcadores
          .map((x) => `<<${x}>>`)
          .join(', ')}. Corríjalos en Word y vuelva a subir el archivo, o guárdelo de todos modos.`,
      confirm: 'Guardar de todos modos',
      cancel: 'Corregir el archivo',
      notStored: 'La plantilla no se guardó',
      savedWithWarnings: (marcadores: readonly string[]) =>
        `Plantilla actualizada con marcadores desconocidos: ${marcadores.map((x) => `<<${x}>>`).join(', ')}`,
    },
  },
  markers: {
    section: 'Marcadores Disponibles',
    hint: 'Escriba el marcador en la plantilla y se reemplazará automáticamente al generar el estampado.',
    sinDescripcion: 'Sin descripción',
    empty: 'No hay marcadores disponibles',
  },
  loadError: plantillaMessages.errorCargar,
} as const;
