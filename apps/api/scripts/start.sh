#!/bin/sh
# Starts the compiled API (dist/server.js) with the Node options that suit its database; extra arguments go
# to node before the entry (e.g. --cpu-prof).
#
# On the embedded database (no DATABASE_URL) the whole of PostgreSQL lives inside this process, so Node's
# own heap is kept small: a young generation of 2 × 4 MB instead of up to 2 × 16 MB, and an old generation
# that grows by 30 % of what is live before its next full collection instead of V8's default of up to
# double. The live heap is about 90 MB either way; what differs is the garbage kept between collections.
# Measured with bench/start.ts (docs/operations.md): after 3,000 requests 363–401 MB instead of 445–489 MB,
# at the same requests per second. With DATABASE_URL (PostgreSQL servers, one or several instances) V8's
# defaults are kept: there throughput matters more than a few tens of MB.
# NODE_HEAP_OPTIONS overrides these options (an empty value keeps V8's defaults).
set -e
cd "$(dirname "$0")/.."
if [ -z "${NODE_HEAP_OPTIONS+set}" ]; then
  if [ -z "${DATABASE_URL:-}" ]; then
    NODE_HEAP_OPTIONS="--max-semi-space-size=4 --heap-growing-percent=30"
  else
    NODE_HEAP_OPTIONS=""
  fi
fi
# shellcheck disable=SC2086 # the options are words
exec node $NODE_HEAP_OPTIONS "$@" dist/server.js
