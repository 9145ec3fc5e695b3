"""scripts/chromium.py's install, when two test runs start at once on a machine without a Chromium.

Both runs reach the install together: without a lock around it, the second run's apt-get failed on the
first one's dpkg lock and its whole `make test` stopped. The install itself is replaced here by one that
takes a while and leaves a marker file, so the test needs neither apt nor a browser download."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

RUN = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    import chromium

    marker, log, lock = map(Path, sys.argv[1:4])
    chromium.INSTALL_LOCK = lock
    chromium._found = lambda: {"executable_path": str(marker)} if marker.exists() else None

    def install():
        with open(log, "a") as f:
            f.write("install\\n")
        time.sleep(1.0)  # long enough for the other run to reach the install meanwhile
        marker.write_text("")
        return chromium._found()

    chromium._install = install
    sys.exit(chromium.ensure())
""")


def test_two_runs_at_once_install_one_chromium_and_both_find_it(tmp_path):
    marker, log, lock = tmp_path / "chrome", tmp_path / "installs.log", tmp_path / "install.lock"
    env = {"PYTHONPATH": str(REPO / "scripts"), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.Popen([sys.executable, "-c", RUN, str(marker), str(log), str(lock)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(2)]
    outs = [run.communicate(timeout=60)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outs
    assert log.read_text().splitlines() == ["install"], "the second run waits for the first one's install"
    assert all(f"system Chromium {marker}" in out for out in outs), outs
