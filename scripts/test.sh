#!/usr/bin/env bash
# The whole test suite (README, second command). Installs what the tests need when missing (Debian chromium for
# the browser tests), checks the code's format and lint rules (Biome, biome.jsonc), lints the site's Japanese pages
# (textlint, .textlintrc.yml), compiles the CLI, type-checks both runtimes, runs every vitest suite, prints a
# summary line.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "test: installing Debian chromium for the browser tests"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
[ -d node_modules ] || npm ci --no-audit --no-fund

npx biome ci .
npm run --silent lint:content
node scripts/build-cli.mjs
npx tsc -p tsconfig.json
npx tsc -p src/client/tsconfig.json

mkdir -p node_modules/.cache/docgen
results=node_modules/.cache/docgen/vitest-results.json
status=0
npx vitest run --reporter=default --reporter=json --outputFile="$results" "$@" || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped`);
' "$results" || true
exit $status
