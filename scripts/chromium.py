#!/usr/bin/env python3
"""Which Chromium the tests and benchmarks drive, and how to get one.

Playwright's own Chromium is used where it is installed; otherwise Debian's
/usr/bin/chromium through `executable_path` (on machines where Playwright's
browser download is impossible). $CANFIELD_CHROMIUM forces an executable.

    python scripts/chromium.py            print the choice
    python scripts/chromium.py --ensure   install a Chromium when neither exists:
                                          `playwright install chromium`, then apt

Imported by tests/browser/conftest.py and bench/*.py (`launch_options()`).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SYSTEM_CHROMIUM = "/usr/bin/chromium"

# Flags for a quiet, reproducible headless run in containers and CI.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Any host but 127.0.0.1 fails to resolve: an off-origin request fails loudly
# (and shows up in the request log) instead of silently reaching the network.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def playwright_chromium(executable_path: str | None = None) -> dict | None:
    """Launch options for Playwright's own Chromium if it is installed, else None.

    `executable_path` is `playwright.chromium.executable_path` (pass it when a
    Playwright instance is already running, to avoid starting another driver).
    Headless mode uses the separate headless shell when present, else the full
    browser through channel="chromium".
    """
    if executable_path is None:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            return None
        with sync_playwright() as p:
            executable_path = p.chromium.executable_path
    exe = Path(executable_path)
    if not exe.is_file():
        return None
    # .../ms-playwright/chromium-1255/chrome-linux64/chrome -> chromium_headless_shell-1255
    browser_dir = exe.parents[1]
    revision = browser_dir.name.rpartition("-")[2]
    shell = browser_dir.parent / f"chromium_headless_shell-{revision}"
    return {} if shell.is_dir() else {"channel": "chromium"}


def system_chromium() -> str | None:
    forced = os.environ.get("CANFIELD_CHROMIUM")
    if forced:
        if not Path(forced).is_file():
            raise SystemExit(f"CANFIELD_CHROMIUM={forced} does not exist")
        return forced
    return SYSTEM_CHROMIUM if Path(SYSTEM_CHROMIUM).is_file() else None


def launch_options(executable_path: str | None = None, offline: bool = True, headless: bool = True) -> dict:
    """Keyword arguments for `playwright.chromium.launch(...)`."""
    args = CHROMIUM_ARGS + (OFFLINE_ARGS if offline else [])
    base = {"headless": headless, "args": args}
    if not os.environ.get("CANFIELD_CHROMIUM"):
        own = playwright_chromium(executable_path)
        if own is not None:
            return {**base, **own}
    system = system_chromium()
    if system:
        return {**base, "executable_path": system}
    raise RuntimeError(
        "No Chromium found: neither Playwright's own (python -m playwright install chromium) "
        f"nor {SYSTEM_CHROMIUM} (apt-get install chromium). `make test` installs one."
    )


def describe(options: dict) -> str:
    if "executable_path" in options:
        return f"system Chromium {options['executable_path']}"
    return "Playwright's Chromium" + (" (full browser, headless)" if options.get("channel") else "")


APT_LOCK_WAIT_S = 540  # below _run's own 600 s limit
INSTALL_LOCK = Path(tempfile.gettempdir()) / "canfield-chromium-install.lock"


def _run(cmd: list[str]) -> bool:
    print("+ " + " ".join(cmd), flush=True)
    try:
        return subprocess.run(cmd, timeout=600).returncode == 0
    except (OSError, subprocess.TimeoutExpired) as err:
        print(f"  failed: {err}", flush=True)
        return False


def _found() -> dict | None:
    own = None if os.environ.get("CANFIELD_CHROMIUM") else playwright_chromium()
    if own is not None:
        return own
    system = system_chromium()
    return {"executable_path": system} if system else None


def ensure() -> int:
    """Make sure some Chromium is there; install one if not. Quick when satisfied."""
    found = _found()
    if found is None:
        # Two test runs started at once on a fresh machine both get here: the second waits for the
        # first's install (then finds its Chromium) instead of failing on apt's locks.
        with open(INSTALL_LOCK, "a") as lock:
            fcntl.lockf(lock, fcntl.LOCK_EX)
            found = _found()
            if found is None:  # ({} is Playwright's own headless shell: found)
                found = _install()
    if found is not None:
        print(f"chromium: {describe(found)}")
        return 0
    print(
        "chromium: error: could not install a Chromium (tried `playwright install chromium` and "
        "`apt-get install chromium`); install one and rerun, or set CANFIELD_CHROMIUM=/path/to/chrome",
        file=sys.stderr,
    )
    return 1


def _install() -> dict | None:
    if _run([sys.executable, "-m", "playwright", "install", "chromium"]) and playwright_chromium() is not None:
        return _found()
    sudo = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else [])
    # another program's apt (an upgrade) may hold dpkg's lock: the install waits for it
    wait = ["-o", f"DPkg::Lock::Timeout={APT_LOCK_WAIT_S}"]
    _run(sudo + ["apt-get", "update"])  # stale lists may still serve: the install says
    _run(sudo + ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", *wait, "install", "-y", "chromium",
                 "fonts-dejavu-core"])
    return _found()


if __name__ == "__main__":
    if sys.argv[1:] == ["--ensure"]:
        sys.exit(ensure())
    if sys.argv[1:]:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    print(describe(launch_options()))
