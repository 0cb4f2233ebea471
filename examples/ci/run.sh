#!/usr/bin/env bash
# The steps of workflow.yml, here: run in a project where ledger-sim is installed. Arguments go to
# `ledger-sim contract` (e.g. --only pagination); the JUnit report goes to $JUNIT_OUT.
set -euo pipefail
export LEDGER_SIM_DATA_DIR="${LEDGER_SIM_DATA_DIR:-.ledger-sim}"
JUNIT_OUT="${JUNIT_OUT:-contract-junit.xml}"

# Start the sandbox and wait for its ready file (a killed run's stale one goes first). Started as
# the package's own command, not through npx: killed at the end, npx left the sandbox running.
rm -f "$LEDGER_SIM_DATA_DIR/ready.json"
./node_modules/.bin/ledger-sim serve --port 0 --http-port 0 --log-level warn > ledger-sim.log 2>&1 &
SERVE_PID=$!
trap 'kill "$SERVE_PID" 2>/dev/null || true; wait "$SERVE_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  [ -f "$LEDGER_SIM_DATA_DIR/ready.json" ] && break
  if ! kill -0 "$SERVE_PID" 2>/dev/null; then cat ledger-sim.log; exit 1; fi
  sleep 0.1
done
[ -f "$LEDGER_SIM_DATA_DIR/ready.json" ] || { echo "the sandbox was not ready within 60 s"; cat ledger-sim.log; exit 1; }

# Load a fixture into a new end user; the contract runs on its company file.
SERVICE_END_USER_ID="$(npx ledger-sim fixtures load node_modules/ledger-sim/fixtures/sample-company.yaml)"
export SERVICE_END_USER_ID

npx ledger-sim contract --reporter junit --out "$JUNIT_OUT" "$@"
