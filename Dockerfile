# syntax=docker/dockerfile:1
# Receptoría's production image. Build: docker build -t receptoria .
# The build stage installs the workspace, builds the web app and lays out /app as the runtime needs it:
# the API with its production dependencies only (pnpm deploy --prod) in /app/apps/api, compiled there
# (dist/ refers to its own node_modules by relative path), the web build in /app/apps/web/dist.
# scripts/smoke-prod.sh runs the same steps outside Docker in CI.

FROM node:20-bookworm-slim AS build
ENV CI=true \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    TURBO_TELEMETRY_DISABLED=1
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @receptoria/web build \
 && pnpm --filter @receptoria/api deploy --prod /app/apps/api \
 && cp tsconfig.base.json /app/ \
 && (cd /app/apps/api && node scripts/build.mjs && rm -rf test) \
 && mkdir -p /app/apps/web \
 && cp -r apps/web/dist /app/apps/web/dist

FROM node:20-bookworm-slim AS runtime
# LibreOffice (Writer only) for the certificates' PDFs (unused when GOTENBERG_URL is set), with fonts of
# the same metrics as Word's (Liberation: Times New Roman, Arial; Carlito: Calibri) so a certificate
# breaks its lines as in Word; poppler-utils to read PDFs back (and to rasterise scanned pages);
# tesseract-ocr with its Spanish data to read scanned demandas and resoluciones; postgresql-client for pg_dump and
# pg_restore (Debian 12's is PostgreSQL 15: for another server major set PG_BIN_DIR to a matching client).
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libreoffice-writer-nogui poppler-utils fonts-liberation fonts-liberation2 fonts-crosextra-carlito fonts-dejavu-core \
      tesseract-ocr tesseract-ocr-spa postgresql-client ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/.data \
    BACKUP_DIR=/app/.data/backups
COPY --from=build /app /app
# The code stays root's (read-only to the app); only the data and backup folders are the app's.
RUN mkdir -p /app/.data/backups && chown -R node:node /app/.data
USER node
WORKDIR /app/apps/api
VOLUME ["/app/.data", "/app/.data/backups"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["sh", "scripts/start.sh"]
