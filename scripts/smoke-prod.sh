#!/usr/bin/env bash
# The production image's runtime stage, outside Docker (there is no Docker engine in CI): the API with
# only its production dependencies (`pnpm deploy --prod`) in a temporary folder laid out as the image's
# /app, compiled there, the built web app beside it, started by its start script (scripts/start.sh, the image's
# CMD; NODE_ENV=production) against a fresh PostgreSQL database; then /health, a login and a list must answer.
#   SMOKE_DATABASE_URL  server to create the throw-away database on (default the local one)
#   SMOKE_KEEP=1        keep the folder (its size is printed either way)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
t0=$(date +%s%N)
ms() { echo $(( ($(date +%s%N) - t0) / 1000000 )); }

server_url=${SMOKE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db="receptoria_smoke_$(date +%s)_$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/receptoria-prod-XXXXXX")
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  psql "$server_url" -qc "drop database if exists \"$db\" with (force)" >/dev/null 2>&1 || true
  psql "$server_url" -Atc "select datname from pg_database where datname like '${db}\\_%'" 2>/dev/null |
    while read -r name; do psql "$server_url" -qc "drop database if exists \"$name\" with (force)" >/dev/null 2>&1 || true; done
  if [ "${SMOKE_KEEP:-0}" != "1" ]; then rm -rf "$work"; else echo "kept $work"; fi
}
trap cleanup EXIT

if [ ! -f apps/web/dist/index.html ]; then pnpm --filter @receptoria/web build >/dev/null; fi

# As the Dockerfile's build stage: production dependencies only, the API compiled in its final place.
pnpm --filter @receptoria/api deploy --prod "$work/apps/api" >"$work/deploy.log" 2>&1 || { cat "$work/deploy.log"; exit 1; }
cp tsconfig.base.json "$work/"
(cd "$work/apps/api" && node scripts/build.mjs)
mkdir -p "$work/apps/web" && cp -r apps/web/dist "$work/apps/web/dist"
if [ -d "$work/apps/api/node_modules/.pnpm/node_modules/typescript" ] || [ -d "$work/apps/api/node_modules/vitest" ]; then
  echo "development dependencies found in the production folder" >&2; exit 1
fi
if grep -q "$repo" "$work/apps/api/dist/server.js"; then echo "dist/server.js refers to the repository" >&2; exit 1; fi
size=$(du -sh "$work/apps/api" | cut -f1)
echo "production folder: $size (apps/api with node_modules), deployed and compiled in $(ms) ms"

psql "$server_url" -qc "create database \"$db\"" >/dev/null
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
started=$(ms)
(
  cd "$work/apps/api"
  # Only what the image sets: the repository is not there to fall back on.
  env -i PATH="$PATH" HOME="$work" NODE_ENV=production PORT="$port" HOST=127.0.0.1 \
    DATABASE_URL="${server_url%/*}/$db" ADMIN_PASSWORD=smoke-admin-1234 DEMO_PASSWORD=smoke-demo-1234 \
    JWT_SECRET=smoke-secret-0123456789abcdef LOG_LEVEL=warn BACKUP_ENABLED=0 \
    sh scripts/start.sh
) >"$work/server.log" 2>&1 &
pid=$!

base="http://127.0.0.1:$port"
BASE="$base" SERVER_PID="$pid" node --input-type=module -e '
const base = process.env.BASE;
const alive = () => { try { process.kill(Number(process.env.SERVER_PID), 0); return true; } catch { return false; } };
const deadline = Date.now() + 120_000;
let health;
for (;;) {
  try { health = await fetch(`${base}/health`); if (health.ok) break; } catch {}
  if (!alive()) { console.error("the server stopped"); process.exit(1); }
  if (Date.now() > deadline) { console.error("no /health in 120 s"); process.exit(1); }
  await new Promise((r) => setTimeout(r, 250));
}
const body = await health.json();
if (body.status !== "ok" || body.control_db !== "ok" || !("respaldos" in body)) { console.error("health", body); process.exit(1); }
const login = await fetch(`${base}/api/v1/auth/login/`, { method: "POST", headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "receptor", password: "smoke-demo-1234" }) });
if (login.status !== 200) { console.error("login", login.status, await login.text()); process.exit(1); }
const { access } = await login.json();
const list = await fetch(`${base}/api/v1/estudios/`, { headers: { authorization: `Bearer ${access}` } });
const estudios = await list.json();
if (list.status !== 200 || !Array.isArray(estudios) || estudios.length === 0) { console.error("list", list.status, estudios); process.exit(1); }
const page = await fetch(`${base}/`);
const html = await page.text();
if (page.status !== 200 || !html.includes("<div id=\"root\">")) { console.error("web app", page.status); process.exit(1); }
console.log(`health ok, login ok, ${estudios.length} estudios listed, web app served`);
' || { echo "--- server log"; cat "$work/server.log"; exit 1; }
echo "production folder started and answered in $(( $(ms) - started )) ms"

# The compiled CLI backs up the running installation (pg_dump of the server's major), files verifiable.
backup_started=$(ms)
(
  cd "$work/apps/api"
  env -i PATH="$PATH" HOME="$work" NODE_ENV=production DATABASE_URL="${server_url%/*}/$db" \
    BACKUP_DIR="$work/backups" JWT_SECRET=smoke-secret-0123456789abcdef LOG_LEVEL=warn \
    node dist/cli.js backup --receptor all
) >"$work/backup.log" 2>&1 || { cat "$work/backup.log"; exit 1; }
(cd "$work/backups" && sha256sum --quiet -c ./*.sha256) || { echo "backup checksums differ" >&2; exit 1; }
echo "cli backup --receptor all: $(ls "$work/backups"/*.dump | wc -l) dumps in $(( $(ms) - backup_started )) ms, checksums ok"

# Without DATABASE_URL, the embedded database: a first start creates it in a process of its own
# (dist/install-embedded.js, beside dist/server.js) before the server opens it.
kill "$pid" && wait "$pid" 2>/dev/null || true
embedded_started=$(ms)
(
  cd "$work/apps/api"
  env -i PATH="$PATH" HOME="$work" NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" \
    ADMIN_PASSWORD=smoke-admin-1234 DEMO_PASSWORD=smoke-demo-1234 \
    JWT_SECRET=smoke-secret-0123456789abcdef LOG_LEVEL=warn BACKUP_ENABLED=0 \
    sh scripts/start.sh
) >"$work/embedded.log" 2>&1 &
pid=$!
BASE="$base" SERVER_PID="$pid" node --input-type=module -e '
const base = process.env.BASE;
const deadline = Date.now() + 180_000;
for (;;) {
  try { if ((await fetch(`${base}/health`)).ok) break; } catch {}
  try { process.kill(Number(process.env.SERVER_PID), 0); } catch { console.error("the server stopped"); process.exit(1); }
  if (Date.now() > deadline) { console.error("no /health in 180 s"); process.exit(1); }
  await new Promise((r) => setTimeout(r, 250));
}
const login = await fetch(`${base}/api/v1/auth/login/`, { method: "POST", headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "receptor", password: "smoke-demo-1234" }) });
if (login.status !== 200) { console.error("login", login.status, await login.text()); process.exit(1); }
' || { echo "--- server log (embedded)"; cat "$work/embedded.log"; exit 1; }
echo "embedded database: first start created, healthy and signed in in $(( $(ms) - embedded_started )) ms"
# The start script gives the embedded server its heap options (apps/api/scripts/start.sh).
server_pid=
for p in $(pgrep -x node); do
  if [ "$(readlink "/proc/$p/cwd")" = "$work/apps/api" ] && grep -qa dist/server.js "/proc/$p/cmdline"; then server_pid=$p; fi
done
[ -n "$server_pid" ] || { echo "the embedded server's process was not found" >&2; exit 1; }
command_line=$(tr '\0' ' ' <"/proc/$server_pid/cmdline")
case "$command_line" in
  *--heap-growing-percent=30*) ;;
  *) echo "the embedded server was not started with the start script's options: $command_line" >&2; exit 1 ;;
esac
echo "embedded server: $command_line, RSS $(awk '/VmRSS/ { print int($2 / 1024) }' "/proc/$server_pid/status") MB"
echo "smoke test total $(ms) ms"
