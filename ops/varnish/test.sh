#!/usr/bin/env bash
# The shipped VCL, tested: compiles ops/varnish/default.vcl (with its backend pointed at this machine), then runs
# every tests/*.vtc with varnishtest. Each test copies default.vcl with its backend rewritten to the test's own
# scripted server, as Magento's dev/tests/varnish do. Prints a line per test and a summary; exits 1 if any
# failed (with that test's log), 2 if Varnish or varnish-modules is missing.
# Needs Debian's varnish and varnish-modules (.ci/run installs them). Runs in about 20 s.
set -euo pipefail
cd "$(dirname "$0")"

# varnishtest starts varnishd from PATH; Debian puts it in /usr/sbin.
export PATH="$PATH:/usr/sbin"
if ! command -v varnishtest >/dev/null 2>&1 || ! command -v varnishd >/dev/null 2>&1; then
  echo "varnishtest: needs varnishtest and varnishd (apt-get install varnish varnish-modules)" >&2
  exit 2
fi

work=$(mktemp -d /tmp/varnish-test.XXXXXX)
# varnishd reads the VCL as its unprivileged user when started as root.
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

# The VCL as varnishd would load it: a syntax error or a missing vmod (xkey comes with varnish-modules) says so
# here, once, rather than in every test.
sed -e 's/\.host = "site";/.host = "127.0.0.1";/' default.vcl >"$work/default.vcl"
if ! varnishd -C -n "$work/n" -f "$work/default.vcl" >/dev/null 2>"$work/compile.log"; then
  grep -v '^Could not delete' "$work/compile.log" >&2
  if grep -q "Could not find VMOD" "$work/compile.log"; then
    echo "varnishtest: the VCL needs varnish-modules (apt-get install varnish-modules)" >&2
    exit 2
  fi
  echo "varnishtest: default.vcl does not compile" >&2
  exit 1
fi
echo "default.vcl compiles ($(varnishd -V 2>&1 | head -1))"

passed=0
failed=()
for test in tests/*.vtc; do
  log="$work/$(basename "$test" .vtc).log"
  started=$(date +%s%N)
  if varnishtest -t 60 "$test" >"$log" 2>&1; then
    passed=$((passed + 1))
    result=PASS
  else
    failed+=("$test")
    result=FAIL
  fi
  printf '%-4s  %s  (%s s)  %s\n' "$result" "$test" \
    "$(awk -v ns=$(($(date +%s%N) - started)) 'BEGIN { printf "%.1f", ns / 1e9 }')" \
    "$(sed -nE '1s/^varnishtest "(.*)"$/\1/p' "$test")"
done

for test in "${failed[@]}"; do
  echo
  echo "== $test failed; its log ends:"
  tail -60 "$work/$(basename "$test" .vtc).log"
done
echo "varnishtest: $passed passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
