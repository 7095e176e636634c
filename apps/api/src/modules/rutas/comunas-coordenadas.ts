/**
 * Approximate centroids (latitude, longitude; WGS84) of Chile's comunas: every comuna of the Región
 * Metropolitana and every comuna of the product's lookup list (tenant migration 0002). Used only to
 * order a route's stops; precision of about a kilometre is enough for that.
 */
export const COMUNAS_COORDENADAS: Readonly<Record<string, readonly [number, number]>> = {
  // Región Metropolitana de Santiago (52)
  Alhué: [-34.033, -71.1],
  Buin: [-33.732, -70.743],
  'Calera de Tango': [-33.629, -70.783],
  Cerrillos: [-33.5, -70.716],
  'Cerro Navia': [-33.425, -70.744],
  Colina: [-33.202, -70.675],
  Conchalí: [-33.384, -70.675],
  Curacaví: [-33.403, -71.133],
  'El Bosque': [-33.562, -70.675],
  'El Monte': [-33.68, -71.017],
  'Estación Central': [-33.463, -70.698],
  Huechuraba: [-33.367, -70.636],
  Independencia: [-33.414, -70.665],
  'Isla de Maipo': [-33.754, -70.9],
  'La Cisterna': [-33.531, -70.664],
  'La Florida': [-33.523, -70.589],
  'La Granja': [-33.537, -70.623],
  'La Pintana': [-33.584, -70.634],
  'La Reina': [-33.45, -70.541],
  Lampa: [-33.286, -70.878],
  'Las Condes': [-33.409, -70.567],
  'Lo Barnechea': [-33.35, -70.518],
  'Lo Espejo': [-33.521, -70.69],
  'Lo Prado': [-33.444, -70.725],
  Macul: [-33.491, -70.599],
  Maipú: [-33.51, -70.757],
  'María Pinto': [-33.515, -71.121],
  Melipilla: [-33.688, -71.214],
  Ñuñoa: [-33.456, -70.598],
  'Padre Hurtado': [-33.569, -70.816],
  Paine: [-33.807, -70.741],
  'Pedro Aguirre Cerda': [-33.488, -70.674],
  Peñaflor: [-33.607, -70.876],
  Peñalolén: [-33.485, -70.547],
  Pirque: [-33.634, -70.574],
  Providencia: [-33.432, -70.609],
  Pudahuel: [-33.44, -70.763],
  'Puente Alto': [-33.611, -70.576],
  Quilicura: [-33.36, -70.728],
  'Quinta Normal': [-33.428, -70.698],
  Recoleta: [-33.406, -70.641],
  Renca: [-33.403, -70.723],
  'San Bernardo': [-33.593, -70.7],
  'San Joaquín': [-33.495, -70.628],
  'San José de Maipo': [-33.641, -70.352],
  'San Miguel': [-33.497, -70.651],
  'San Pedro': [-33.878, -71.459],
  'San Ramón': [-33.542, -70.643],
  Santiago: [-33.444, -70.651],
  Talagante: [-33.664, -70.928],
  Tiltil: [-33.084, -70.928],
  Vitacura: [-33.389, -70.594],
  // Other comunas of the lookup list
  Arica: [-18.478, -70.312],
  Iquique: [-20.214, -70.152],
  'Alto Hospicio': [-20.27, -70.101],
  Antofagasta: [-23.65, -70.4],
  Calama: [-22.456, -68.926],
  Copiapó: [-27.366, -70.332],
  Vallenar: [-28.576, -70.759],
  'La Serena': [-29.904, -71.249],
  Coquimbo: [-29.953, -71.338],
  Ovalle: [-30.601, -71.2],
  Valparaíso: [-33.047, -71.612],
  'Viña del Mar': [-33.024, -71.552],
  Concón: [-32.93, -71.519],
  Quilpué: [-33.048, -71.442],
  'Villa Alemana': [-33.043, -71.373],
  'San Antonio': [-33.593, -71.607],
  Quillota: [-32.88, -71.249],
  'Los Andes': [-32.834, -70.598],
  'San Felipe': [-32.75, -70.725],
  Rancagua: [-34.17, -70.744],
  Machalí: [-34.181, -70.651],
  'San Fernando': [-34.584, -70.989],
  Talca: [-35.427, -71.655],
  Curicó: [-34.983, -71.239],
  Linares: [-35.846, -71.593],
  Constitución: [-35.333, -72.412],
  Parral: [-36.143, -71.826],
  'San Javier': [-35.595, -71.729],
  Chillán: [-36.607, -72.103],
  Concepción: [-36.827, -73.05],
  Talcahuano: [-36.724, -73.117],
  'San Pedro de la Paz': [-36.843, -73.108],
  Chiguayante: [-36.925, -73.028],
  Coronel: [-37.03, -73.142],
  'Los Ángeles': [-37.47, -72.354],
  Temuco: [-38.739, -72.599],
  'Padre Las Casas': [-38.766, -72.6],
  Angol: [-37.798, -72.708],
  Valdivia: [-39.814, -73.246],
  Osorno: [-40.574, -73.133],
  'Puerto Montt': [-41.469, -72.942],
  'Puerto Varas': [-41.317, -72.986],
  Castro: [-42.482, -73.764],
  Ancud: [-41.869, -73.828],
  Coyhaique: [-45.571, -72.068],
  'Punta Arenas': [-53.163, -70.917],
};

/** Lower case, no accents, single spaces: how comuna names are matched. */
export function normalizeComuna(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const BY_KEY = new Map(Object.entries(COMUNAS_COORDENADAS).map(([name, point]) => [normalizeComuna(name), point]));

export function comunaCentroid(name: string): readonly [number, number] | undefined {
  return BY_KEY.get(normalizeComuna(name));
}
