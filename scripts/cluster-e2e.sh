#!/usr/bin/env bash
# The product as it is deployed (docs/deployment.md): three API processes started together on an
# empty PostgreSQL database, behind nginx; then the seller's whole journey in Chromium through nginx
# (sign-up with the phone code from the outbox, a sandbox store connected over the task socket,
# the plan, the submission, the expert's decision).
#   scripts/cluster-e2e.sh postgres://user:password@127.0.0.1:5432/postgres
# The URL is an account that may create and drop databases. Needs nginx and a built web app.
set -euo pipefail
cd "$(dirname "$0")/.."

admin_url="${1:?usage: scripts/cluster-e2e.sh POSTGRES_ADMIN_URL}"
processes="${CLUSTER_PROCESSES:-3}"
database="worq_cluster_$(date +%s)_$$"
work="$(mktemp -d /tmp/worq-cluster.XXXXXX)"
chmod 711 "$work" # nginx workers (another user when run as root) reach their temporary files inside

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port_block() { # the first port from $1 with $2 free ports after it
  local port="$1"
  while :; do
    local ok=1
    for ((i = 0; i < $2; i++)); do port_in_use $((port + i)) && { ok=0; break; }; done
    [ "$ok" = 1 ] && { echo "$port"; return; }
    port=$((port + $2))
  done
}
proxy_port="$(free_port_block 18080 1)"
base_port="$(free_port_block $((proxy_port + 1)) "$processes")"

psql_admin() { node -e '
  const pg = require("pg");
  const client = new pg.Client({ connectionString: process.argv[1] });
  client.connect().then(() => client.query(process.argv[2])).then(() => client.end(), (error) => { console.error(error.message); process.exit(1); });
' "$admin_url" "$1"; }

cluster_pid=""
nginx_pid=""
cleanup() {
  local status=$?
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  if [ -n "$cluster_pid" ]; then
    kill -TERM "$cluster_pid" 2>/dev/null || true
    wait "$cluster_pid" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ]; then
    echo "--- API processes (last lines) ---"; tail -n 40 "$work/cluster.log" || true
    echo "--- nginx errors ---"; tail -n 20 "$work/nginx/error.log" 2>/dev/null || true
  fi
  (cd apps/api && psql_admin "drop database if exists $database with (force)") || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

(cd apps/api && psql_admin "create database $database")
database_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$admin_url" "$database")"

mkdir -p "$work/nginx"
node deploy/nginx/render.mjs --processes "$processes" --base-port "$base_port" --listen "127.0.0.1:$proxy_port" --standalone "$work/nginx" >"$work/nginx/nginx.conf"
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!

# Secrets shared through the environment, as in production; the expert of e2e/fixtures/admin.ts.
export DATABASE_URL="$database_url" \
  JWT_SECRET="$(node -e 'console.log(require("crypto").randomBytes(48).toString("base64url"))')" \
  ENCRYPTION_KEY="$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')" \
  DATA_DIR="$work/data" PUBLIC_URL="http://127.0.0.1:$proxy_port" TRUST_PROXY=1 \
  DELIVERY=outbox MARKETPLACE_MODE=sandbox LOG_LEVEL=warn IP_RATE_LIMIT_PER_MINUTE=10000 \
  BOOTSTRAP_EXPERT_EMAIL=uzman@worq.local BOOTSTRAP_EXPERT_PASSWORD=Uzman1234
npm run build -w apps/api >/dev/null
(cd apps/api && exec node --enable-source-maps dist/cluster.js --processes "$processes" --base-port "$base_port") >"$work/cluster.log" 2>&1 &
cluster_pid=$!

# Every process healthy on its own port, then through nginx.
deadline=$((SECONDS + 90))
for ((i = 0; i < processes; i++)); do
  until curl -fsS -o /dev/null "http://127.0.0.1:$((base_port + i))/api/v1/health"; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "process on port $((base_port + i)) did not become healthy" >&2; exit 1; }
    kill -0 "$cluster_pid" 2>/dev/null || { echo "the cluster exited" >&2; exit 1; }
    sleep 0.5
  done
done
curl -fsS -o /dev/null "http://127.0.0.1:$proxy_port/api/v1/health"
echo "$processes processes on ports $base_port… behind nginx on $proxy_port, database $database"

(cd e2e && E2E_BASE_URL="http://127.0.0.1:$proxy_port" node --import tsx --test --test-concurrency=1 \
  --test-name-pattern="signs up, verifies the phone with the SMS code" \
  --test-name-pattern="connects a Trendyol sandbox store through the modal" \
  --test-name-pattern="applies from the empty list to Under Review" \
  --test-name-pattern="an expert rejects one application" \
  specs/accounts.spec.ts specs/connections.spec.ts specs/worq-trade.spec.ts specs/admin.spec.ts)

# The journey ran across every process: each one answered part of it.
for ((i = 0; i < processes; i++)); do
  count="$(grep -c "upstream=127.0.0.1:$((base_port + i))" "$work/nginx/access.log" || true)"
  echo "process on port $((base_port + i)) answered $count requests"
  [ "$count" -gt 0 ] || { echo "nginx sent nothing to the process on port $((base_port + i))" >&2; exit 1; }
done
if grep -q '"level":[56]0' "$work/cluster.log"; then
  echo "the API processes logged errors during the journey:" >&2
  grep '"level":[56]0' "$work/cluster.log" | head -n 20 >&2
  exit 1
fi
echo "journey through nginx passed"
