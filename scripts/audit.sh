#!/usr/bin/env bash
# npm audit of the production dependencies: fails on a high or critical advisory. Where the registry's
# advisory endpoint cannot be reached (some mirrors answer 405), it says so and does not fail the run.
set -u
out=$(npm audit --omit=dev --audit-level=high 2>&1)
code=$?
echo "$out" | tail -15
if [ $code -ne 0 ] && echo "$out" | grep -q "audit endpoint returned an error"; then
  echo "npm audit: el servicio de avisos del registro no responde aquí; auditoría omitida." >&2
  exit 0
fi
exit $code
