#!/usr/bin/env bash
# Install what the tests need, then lint and run the whole test suite.
# This is the README's test command; .ci/run runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e '.[test,semantic]'

# The browser tests drive Debian's Chromium through Playwright (Playwright's own browser
# download cannot be used here). Install it once per machine; needs root or sudo.
if [ ! -x /usr/bin/chromium ]; then
    echo "test.sh: /usr/bin/chromium is missing; installing Debian's chromium for the browser tests (about 20 s)..."
    SUDO=""
    if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    fi
    if ! {
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
            $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
                chromium fonts-liberation
    } >/tmp/termbase-apt-chromium.log 2>&1; then
        echo "test.sh: could not install chromium (log: /tmp/termbase-apt-chromium.log)" >&2
        tail -n 5 /tmp/termbase-apt-chromium.log >&2 || true
        if [ -n "${CI:-}" ]; then
            echo "test.sh: CI must run the browser tests: failing" >&2
            exit 1
        fi
        echo "test.sh: the browser tests will skip" >&2
    else
        echo "test.sh: installed $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
    fi
fi
python3 -m ruff check src tests bench
set +e
python3 -m pytest "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "pytest collected no tests: failing on purpose" >&2
    exit 1
fi
exit "$status"
