"""`verusagent demo`: `prove` on a small fixture with the scripted model shipped in the package.

It uses the real verus when one is found; otherwise the verus stand-in (tools/verus_standin.py, shipped as
verusagent.standin), and says which in its first line and in its result.
"""

import os
import stat
import sys
from importlib.resources import as_file, files
from pathlib import Path

from verusagent.verus import VerusNotFound, VerusUnusable, find_verus

DEMO_FILE = "double.rs"


def prepare_workdir(workdir: Path) -> Path:
    """A fresh copy of the demo fixture in workdir (the packaged file is never touched)."""
    workdir.mkdir(parents=True, exist_ok=True)
    target = workdir / DEMO_FILE
    target.write_text(files("verusagent.demo_data").joinpath(DEMO_FILE).read_text(encoding="utf-8"), encoding="utf-8")
    for stale in workdir.glob("double.*verified.rs"):
        stale.unlink()
    (workdir / "double.partial.rs").unlink(missing_ok=True)
    return target


def use_demo_script() -> None:
    """Point the scripted model at the demo's replies (a file inside the installed package)."""
    with as_file(files("verusagent.demo_data").joinpath("demo_script.json")) as script:
        os.environ["VERUSAGENT_SCRIPT"] = str(script)
    scripted = sys.modules.get("verusagent.llm.scripted")  # not imported here: it loads litellm
    if scripted is not None:  # a demo ran before in this process: its script starts over, as in a new process
        scripted.SCRIPTED.reset()


def real_verus() -> str | None:
    try:
        install = find_verus(None)
    except (VerusNotFound, VerusUnusable):
        return None
    return None if install.is_standin else install.path


def standin_launcher(workdir: Path) -> str:
    """An executable that runs the packaged verus stand-in with the demo's scenario."""
    with as_file(files("verusagent.demo_data").joinpath("demo_standin.json")) as scenario:
        scenario_path = str(scenario)
    launcher = workdir / "verus-standin"
    launcher.write_text(
        "#!/bin/sh\n# The verus STAND-IN for the demo: not the real verus.\n"
        f'VERUS_STANDIN_SCENARIO="{scenario_path}" exec "{sys.executable}" -m verusagent.standin "$@"\n',
        encoding="utf-8",
    )
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(launcher)
