import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alarmasRoutes } from './alarmas/alarmas.routes';
import { apuntesRoutes } from './apuntes/apuntes.routes';
import { auditoriaRoutes } from './auditoria/auditoria.routes';
import { calendarioRoutes } from './calendario/calendario.routes';
import { calendarioIcsRoutes } from './calendario/ics.routes';
import { carpetasRoutes } from './carpetas/carpetas.routes';
import { cobranzaRoutes, cobranzaServiceRoutes } from './cobranza/cobranza.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { valoresUfRoutes } from './dashboard/valores-uf.routes';
import { diligenciasRoutes } from './diligencias/diligencias.routes';
import { encargosRoutes } from './encargos/encargos.routes';
import { estadisticasRoutes } from './estadisticas/estadisticas.routes';
import { estampadosServiceRoutes } from './estampados/estampados.routes';
import { estudiosRoutes } from './estudios/estudios.routes';
import { exportarRoutes } from './exportar/exportar.routes';
import { honorariosRoutes } from './honorarios/honorarios.routes';
import { informesRoutes } from './informes/informes.routes';
import { oauthRoutes } from './informes/oauth.routes';
import { lookupsRoutes } from './lookups/lookups.routes';
import { nuevoEncargoRoutes } from './nuevo-encargo/nuevo-encargo.routes';
import { correoSalienteRoutes } from './correo-saliente/correo-saliente.routes';
import { onboardingRoutes } from './onboarding/onboarding.routes';
import { pagosRoutes } from './pagos/pagos.routes';
import { permisosRoutes } from './permisos/permisos.routes';
import { plantillasServiceRoutes } from './plantillas/plantillas.routes';
import { receptorRoutes } from './receptor/receptor.routes';
import { recibosRoutes } from './recibos/recibos.routes';
import { rutasRoutes } from './rutas/rutas.routes';
import { servidoresRoutes } from './servidores/servidores.routes';
import { visitasRoutes } from './visitas/visitas.routes';
import { clavesApiRoutes, portalClavesApiRoutes } from './portal/claves-api.routes';
import { portalWebhooksRoutes, webhooksRoutes } from './webhooks/webhooks.routes';
import { portalRoutes } from './portal/portal.routes';
import { portalSesionRoutes, portalUsuariosRoutes } from './portal/portal-usuarios.routes';
import { solicitudesRoutes } from './portal/solicitudes.routes';
import { firmaRoutes } from './firma/firma.routes';
import { firmaTokenRoutes } from './firma/firma-token.routes';
import { importarRoutes } from './importar/importar.routes';
import { lecturaRoutes } from './lectura/lectura.routes';

/** Route plugins served under /api/v1 (besides the session routes, which carry their own rate limit). */
export const apiModules: FastifyPluginAsyncZod[] = [auditoriaRoutes, permisosRoutes, apuntesRoutes, lookupsRoutes, estudiosRoutes, informesRoutes, oauthRoutes, alarmasRoutes, encargosRoutes, nuevoEncargoRoutes, dashboardRoutes, onboardingRoutes, servidoresRoutes, receptorRoutes, carpetasRoutes, rutasRoutes, estadisticasRoutes, cobranzaRoutes, diligenciasRoutes, calendarioRoutes, calendarioIcsRoutes, visitasRoutes, recibosRoutes, pagosRoutes, portalUsuariosRoutes, portalSesionRoutes, portalRoutes, clavesApiRoutes, portalClavesApiRoutes, webhooksRoutes, portalWebhooksRoutes, solicitudesRoutes, honorariosRoutes, firmaRoutes, firmaTokenRoutes, exportarRoutes, correoSalienteRoutes, importarRoutes, lecturaRoutes, valoresUfRoutes];

/** Route plugins served under /estampados/api: the stamp, template and collection service (spec 02 §7). */
export const serviceModules: FastifyPluginAsyncZod[] = [cobranzaServiceRoutes, estampadosServiceRoutes, plantillasServiceRoutes];
