#!/usr/bin/env bash
# Every check, as CI runs it: typecheck, lint, unit + API tests on PGlite (the sale and database suites
# a second time with PGlite on its own thread), the engine-dependent ones again on PostgreSQL when
# TEST_DATABASE_URL is set, production build, end-to-end journeys in Chromium.
# Ends with one line "N passed, N failed" and a non-zero exit code when anything failed.
set -u
cd "$(dirname "$0")/.."
out=$(mktemp -d)
checks="$out/checks.txt"
: > "$checks"
# Each phase's duration, printed at the end (issue #54 point 7: where CI's time goes).
fases="$out/fases.txt"
: > "$fases"
fase_inicio=$SECONDS
fase() { # name: closes the phase that ran since the last call
  echo "$1 $((SECONDS - fase_inicio))" >> "$fases"
  fase_inicio=$SECONDS
}

run_check() { # name, command...
  local name=$1
  shift
  echo
  echo "=== $name"
  if "$@"; then echo "$name ok" >> "$checks"; else echo "$name FAILED" >> "$checks"; fi
}

# Typecheck and lint are one thread each: side by side on the 2-core machine; their output follows.
run_check typecheck npx tsc -p tsconfig.json > "$out/typecheck.log" 2>&1 &
tc=$!
run_check lint npx eslint . --max-warnings=0 > "$out/lint.log" 2>&1
wait $tc
fase typecheck+lint
cat "$out/typecheck.log" "$out/lint.log"

echo
echo "=== pruebas unitarias y de API (PGlite)"
# Without TEST_DATABASE_URL, even when the caller exported it: this pass is the embedded database. It
# includes the sale and database files a second time with PGlite on its own thread (vitest.config.ts,
# project node-hilo: PGLITE_THREAD=worker, ADR 009).
env -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest-pglite.json" || true
fase vitest-pglite

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo
  echo "=== pruebas de API sobre PostgreSQL ($TEST_DATABASE_URL)"
  # The node projects only: the web app's tests (happy-dom) never touch a database and ran in the first
  # pass; so did the files that never reach the database (vitest.config.ts leaves them out here).
  # The fuzz test's hostile inputs meet the same PostgreSQL code in PGlite (20 per route there): here a
  # the first five of them per route (same seed), for what the server engine answers differently.
  # Only the files whose outcome can depend on the engine (scripts/pruebas-postgres.mjs says which and
  # why): every file ran on PGlite above; a whole second run cost ~5 of CI's minutes (issue #54 point 7).
  mapfile -t motor < <(node scripts/pruebas-postgres.mjs)
  FUZZ_RUNS="${FUZZ_RUNS:-5}" npx vitest run --project node --project node-aislado \
    --reporter=default --reporter=json --outputFile.json="$out/vitest-postgres.json" "${motor[@]}" || true
  fase vitest-postgres
fi

run_check build npm run build --silent
fase build

if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo
  echo "=== recorridos de punta a punta (Chromium)"
  PW_JSON="$out/playwright.json" npx playwright test || true
  fase playwright
else
  echo "Chromium no está instalado en ${CHROMIUM_PATH:-/usr/bin/chromium}: instálalo con 'apt-get install -y chromium'." >&2
  echo "e2e FAILED (sin Chromium)" >> "$checks"
fi

node scripts/summarize-tests.mjs "$out"
