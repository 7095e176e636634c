/**
 * Markers of the stamp templates, written <<marcador>> in a template (spec 02 §3 payload plus the
 * certificate's own). Every marker a template uses must be in this list.
 */
export const MARCADORES = [
  { marcador: 'numero_rol', descripcion: 'Rol de la causa (ej: C-1234-2024)' },
  { marcador: 'fecha_encargo', descripcion: 'Fecha del encargo (DD-MM-YYYY)' },
  { marcador: 'estudio_juridico', descripcion: 'Nombre del estudio jurídico que encarga' },
  { marcador: 'tribunal', descripcion: 'Nombre del tribunal' },
  { marcador: 'tipo_causa_nombre', descripcion: 'Tipo de causa (ej: Ejecutivo)' },
  { marcador: 'tipo_encargo_nombre', descripcion: 'Tipo de encargo' },
  { marcador: 'parte_demandante', descripcion: 'Parte demandante' },
  { marcador: 'ejecutados', descripcion: 'Nombre del ejecutado o demandado' },
  { marcador: 'partes', descripcion: 'Carátula: partes de la causa' },
  { marcador: 'rut_ejecutado', descripcion: 'RUT del ejecutado con puntos y guion (12.345.678-5)' },
  { marcador: 'rut_demandado', descripcion: 'RUT del demandado (igual al del ejecutado)' },
  { marcador: 'rut_representante_legal', descripcion: 'RUT del representante legal, si lo hay' },
  { marcador: 'domicilio_demandado', descripcion: 'Domicilio principal del demandado (o el primero)' },
  { marcador: 'domicilio_comuna', descripcion: 'Comuna del domicilio del demandado' },
  { marcador: 'domicilio_ciudad', descripcion: 'Ciudad del domicilio del demandado' },
  { marcador: 'fecha_retiro', descripcion: 'Fecha de retiro del expediente (DD-MM-YYYY)' },
  { marcador: 'fecha_resolucion', descripcion: 'Fecha de la resolución (DD-MM-YYYY)' },
  { marcador: 'fecha_comparendo', descripcion: 'Fecha y hora del comparendo' },
  { marcador: 'fecha_prueba', descripcion: 'Fecha y hora de la prueba' },
  { marcador: 'fecha_demanda', descripcion: 'Fecha de la demanda (DD-MM-YYYY)' },
  { marcador: 'cuantia', descripcion: 'Cuantía en pesos (1.500.000)' },
  { marcador: 'numero_operacion', descripcion: 'Número de operación del cliente' },
  { marcador: 'observaciones_encargo', descripcion: 'Observaciones del encargo' },
  { marcador: 'observacion_retiro', descripcion: 'Observación del retiro' },
  { marcador: 'motivo_no_realizable', descripcion: 'Motivo por el que el encargo no es realizable' },
  { marcador: 'tipo_estampado', descripcion: 'Tipo de estampado (resultado de la diligencia)' },
  { marcador: 'fecha_diligencia', descripcion: 'Fecha de la diligencia (DD-MM-YYYY)' },
  { marcador: 'fecha_diligencia_palabras', descripcion: 'Fecha de la diligencia en palabras (diez de marzo de dos mil veinticinco)' },
  { marcador: 'hora_diligencia', descripcion: 'Hora de la diligencia (HH:MM)' },
  { marcador: 'resultado_diligencia', descripcion: 'Resultado de la diligencia' },
  { marcador: 'apuntes_terreno', descripcion: 'Apuntes del receptor en terreno' },
  { marcador: 'tratamiento', descripcion: 'Tratamiento de la persona: don o doña' },
  { marcador: 'persona', descripcion: 'Tratamiento y nombre sin espacios de más (don Juan Pérez, o Juan Pérez sin tratamiento)' },
  { marcador: 'notificado', descripcion: 'notificado o notificada, según el tratamiento (doña → notificada; don o sin tratamiento → notificado)' },
  { marcador: 'requerido', descripcion: 'requerido o requerida, según el tratamiento (doña → requerida; don o sin tratamiento → requerido)' },
  { marcador: 'informante', descripcion: 'Nombre de quien informó en el domicilio (vacío si no se registró)' },
  { marcador: 'informante_relacion', descripcion: 'Relación del informante con la persona buscada (conserje, vecino, familiar…)' },
  {
    marcador: 'dichos_informante',
    descripcion:
      'Inicio de oración según quien informó: "Por los dichos de María Soto, conserje," o, sin informante, "Según lo constatado en el lugar,"',
  },
  { marcador: 'apuntes_oracion', descripcion: 'Apuntes del receptor en terreno terminados en punto, para una oración propia' },
  {
    marcador: 'entrega_copias',
    descripcion:
      'Qué se hizo con las copias, según la visita o los resultados: "entregando las copias íntegras de las resoluciones a Rosa Muñoz, hija, persona adulta del domicilio", "dejando las copias íntegras de las resoluciones en poder del conserje del edificio, Juan Pérez" o "fijando las copias íntegras de las resoluciones en la puerta del domicilio"',
  },
  {
    marcador: 'firma_notificado',
    descripcion: 'Si la persona notificada personalmente firmó (art. 43 del Código de Procedimiento Civil): "Firmó la diligencia.", "No quiso firmar la diligencia." o "No supo o no pudo firmar la diligencia."',
  },
  {
    marcador: 'identificacion_ejecutado',
    descripcion: 'Identificación del ejecutado con su número: "cédula nacional de identidad N° 12.345.678-5" para una persona, "RUT N° 76.123.456-7" para una empresa',
  },
  { marcador: 'busqueda_1_fecha', descripcion: 'Fecha (DD-MM-YYYY) de la primera de las dos últimas búsquedas positivas, en días distintos, anteriores a la diligencia (visitas en terreno)' },
  { marcador: 'busqueda_1_hora', descripcion: 'Hora (HH:MM) de esa primera búsqueda positiva' },
  {
    marcador: 'busqueda_1_informante',
    descripcion: 'Fuente de esa primera búsqueda: "por los dichos de Rosa Tapia, conserje" o, sin informante, "según lo constatado en el lugar"',
  },
  { marcador: 'busqueda_2_fecha', descripcion: 'Fecha (DD-MM-YYYY) de la última búsqueda positiva anterior a la diligencia, en un día distinto de la primera' },
  { marcador: 'busqueda_2_hora', descripcion: 'Hora (HH:MM) de esa segunda búsqueda positiva' },
  { marcador: 'busqueda_2_informante', descripcion: 'Fuente de esa segunda búsqueda, con la misma redacción que la primera' },
  {
    marcador: 'visitas_detalle',
    descripcion: 'Una línea por visita al domicilio hasta la diligencia: fecha, hora, resultado e informante (09-03-2026 10:15 — Domicilio confirmado — Rosa Tapia (conserje))',
  },
  {
    marcador: 'intentos_oracion',
    descripcion: 'Oración con las visitas al domicilio hasta la diligencia ("Me constituí en este domicilio el 09-03-2026 a las 10:15 horas (no reside, …)."); vacía sin visitas',
  },
  { marcador: 'fecha_notificacion_art44', descripcion: 'Fecha (DD-MM-YYYY) de la notificación del artículo 44 que anuncia la carta certificada' },
  { marcador: 'carta_art46_fecha_envio', descripcion: 'Fecha (DD-MM-YYYY) de envío de la carta certificada del artículo 46' },
  { marcador: 'carta_art46_numero_seguimiento', descripcion: 'Número de seguimiento de Correos de Chile de la carta certificada del artículo 46' },
  { marcador: 'valor_cobrado', descripcion: 'Derechos cobrados en pesos, sin signo (45.000)' },
  { marcador: 'observaciones_diligencia', descripcion: 'Observaciones de la diligencia' },
  { marcador: 'fecha_hoy', descripcion: 'Fecha de hoy (DD-MM-YYYY)' },
  { marcador: 'fecha_hoy_palabras', descripcion: 'Fecha de hoy en palabras' },
  { marcador: 'hora_actual', descripcion: 'Hora actual (HH:MM)' },
  { marcador: 'receptor_nombre', descripcion: 'Nombre del receptor judicial (Mis datos de receptor)' },
  { marcador: 'receptor_rut', descripcion: 'RUT del receptor judicial con puntos y guion' },
  { marcador: 'receptor_rut_linea', descripcion: 'Línea "RUT 12.345.678-5" bajo la firma; vacía si el RUT no está registrado' },
  { marcador: 'receptor_titulo', descripcion: 'Título del receptor bajo la firma ("Receptor Judicial" si no se indicó)' },
  { marcador: 'receptor_direccion', descripcion: 'Dirección de la oficina del receptor judicial' },
  { marcador: 'receptor_comuna', descripcion: 'Comuna de la oficina del receptor judicial' },
  { marcador: 'receptor_telefono', descripcion: 'Teléfono del receptor judicial' },
  { marcador: 'receptor_email', descripcion: 'Correo electrónico del receptor judicial' },
  {
    marcador: 'lugar_certificado',
    descripcion: 'Lugar del certificado: la comuna de la oficina del receptor o, si no está registrada, la comuna de la diligencia',
  },
] as const;

export type Marcador = (typeof MARCADORES)[number]['marcador'];
export const MARCADOR_NOMBRES: readonly string[] = MARCADORES.map((m) => m.marcador);
export const SIN_DESCRIPCION = 'Sin descripción';

export function descripcionMarcador(nombre: string): string {
  return MARCADORES.find((m) => m.marcador === nombre)?.descripcion ?? SIN_DESCRIPCION;
}
